/**
 * The collaborators module through HTTP on a fresh database (issue 14): the rights matrix (owner,
 * manager, editor, viewer, stranger, SOVEREIGN) for every collaborator and shop call and for
 * realtime writes (HTTP and socket), invites (single use, expiry, wrong address, duplicates,
 * self-invite, limits), removal taking effect at once (socket too), versions and the public page.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '@contract/auth/schemas';
import { COLLAB_EVENTS } from '@contract/collaborators/paths';
import { COLLABORATOR_LIMITS, COLLABORATOR_MESSAGES, type Invite, type InviteCheck, type ShopCollaboration } from '@contract/collaborators/schemas';
import { DESIGN_MESSAGES } from '@contract/design/paths';
import { PRESENCE_EVENTS } from '@contract/design/presence';
import { ROLE } from '@contract/constants';
import { designPath, REALTIME_EVENTS } from '@contract/design/realtime';
import type { Shop } from '@contract/shops/schemas';
import { collaboratorInviteSends, collaboratorInvites, inviteHistory, shopSharing, shops, userRoles } from '../../server/src/db/schema';
import { databaseKinds, removeTempDirs, tempDir } from './harness';
import { useApp, uniqueEmail } from './kit';
import { collaboratorsBase, createTeamShop, inviteTokenOf, joinShop } from './team-kit';
import { closeSockets, connectSocket } from './sockets';

const kinds = await databaseKinds();
afterAll(() => {
  closeSockets();
  removeTempDirs();
});

let editCounter = 0;
const editId = () => `collab${process.pid}x${(editCounter += 1)}abcdef`;

function client(url: string, token?: string): Promise<Socket> {
  return connectSocket(url, { auth: token ? { token } : {} });
}

type Role = 'owner' | 'manager' | 'editor' | 'viewer' | 'stranger' | 'sovereign';
const ROLES: Role[] = ['owner', 'manager', 'editor', 'viewer', 'stranger', 'sovereign'];

describe.each(kinds)('collaborators on %s', (kind) => {
  const kit = useApp(kind);
  const createShop = (owner: AuthResult) => createTeamShop(kit, owner, kind);
  const base = collaboratorsBase;
  const join = (owner: AuthResult, alias: string, who: AuthResult, rights: Record<string, boolean>) => joinShop(kit, owner, alias, who, rights);
  const tokenOf = (email: string) => inviteTokenOf(kit, email);

  async function listening(): Promise<string> {
    if (!kit.app.server.listening) await kit.app.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(kit.app.server.address() as AddressInfo).port}`;
  }

  it("DELETE /v1/invites-history deletes only the caller's rows and counts them", async () => {
    const { user, token } = await kit.register();
    const other = await kit.register();
    const row = (userId: number) => ({ userId, shopAlias: 'shop', inviteToken: 't', status: 'open' });
    await kit.database.db.insert(inviteHistory).values([row(user.id), row(user.id), row(other.user.id)]);
    expect((await kit.call('DELETE', '/v1/invites-history', token)).json()).toEqual({ message: 'OK', data: { deleted: 2 } });
    expect((await kit.call('DELETE', '/v1/invites-history', token)).json()).toEqual({ message: 'OK', data: { deleted: 0 } });
    expect((await kit.call('DELETE', '/v1/invites-history', other.token)).json()).toEqual({ message: 'OK', data: { deleted: 1 } });
  });

  describe('the rights matrix', () => {
    const people = {} as Record<Role, AuthResult>;
    let shop: Shop;
    const ids = {} as Record<'manager' | 'editor' | 'viewer', number>;

    beforeAll(async () => {
      for (const role of ROLES) people[role] = await kit.register();
      await kit.database.db.insert(userRoles).values({ userId: people.sovereign.user.id, roleId: ROLE.SOVEREIGN });
      shop = await createShop(people.owner);
      ids.manager = await join(people.owner, shop.alias, people.manager, { view: true, editDesign: true, manageCollaborators: true });
      ids.editor = await join(people.owner, shop.alias, people.editor, { view: true, editDesign: true, manageCollaborators: false });
      ids.viewer = await join(people.owner, shop.alias, people.viewer, { view: true, editDesign: false, manageCollaborators: false });
    });

    const expectStatus = async (role: Role, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, expected: number, body?: unknown) => {
      const response = await kit.call(method, url, people[role].token, body);
      expect(`${role} ${method} ${url} -> ${response.statusCode}`, response.body).toBe(`${role} ${method} ${url} -> ${expected}`);
      return response;
    };

    const allow = (yes: Role[], ok = 200) => Object.fromEntries(ROLES.map((role) => [role, yes.includes(role) ? ok : 403])) as Record<Role, number>;
    const readers: Role[] = ['owner', 'manager', 'editor', 'viewer', 'sovereign'];
    const writers: Role[] = ['owner', 'manager', 'editor', 'sovereign'];
    const managers: Role[] = ['owner', 'manager', 'sovereign'];

    it('read calls: everyone with access, never a stranger', async () => {
      for (const role of ROLES) {
        await expectStatus(role, 'GET', base(shop.alias), allow(readers)[role]);
        await expectStatus(role, 'GET', `${base(shop.alias)}/${ids.editor}`, allow(readers)[role]);
        await expectStatus(role, 'GET', `/v1/admin/shops/${shop.alias}`, allow(readers)[role]);
        await expectStatus(role, 'GET', `/v1/admin/shops/${shop.alias}/shop-media`, allow(readers)[role]);
        await expectStatus(role, 'POST', `/v1/shops/${shop.alias}/check-enable`, allow(readers)[role]);
        await expectStatus(role, 'GET', `/v1/shops/${shop.alias}/design/versions`, allow(readers)[role]);
        await expectStatus(role, 'GET', `/v1/shops/${shop.alias}/sharing`, allow(readers)[role]);
        await expectStatus(role, 'GET', `/v1/shops/${shop.alias}/access`, allow(readers)[role]);
      }
      const access = (await kit.call('GET', `/v1/shops/${shop.alias}/access`, people.viewer.token)).json<{ data: { role: string } }>().data;
      expect(access.role).toBe('viewer');
    });

    it('write calls (design over HTTP and socket, shop facts, configure): owner, editors, SOVEREIGN', async () => {
      const doc = designPath(shop.alias, 0);
      for (const role of ROLES) {
        const expected = allow(writers)[role];
        await expectStatus(role, 'POST', '/v1/realtime/edits', expected, { editId: editId(), updates: { [`${doc}/data/colors/primary`]: '#112233FF' } });
        await expectStatus(role, 'PUT', `/v1/shops/${shop.alias}`, expected, { slogan: `by ${role}` });
        await expectStatus(role, 'POST', `/v1/shops/${shop.alias}/configure`, expected, { colors: { primary: '#223344FF' } });
      }
      // The realtime socket refuses a viewer's and a stranger's write, and takes an editor's.
      const url = await listening();
      for (const role of ROLES) {
        const socket = await client(url, people[role].token);
        const ack = (await socket
          .timeout(3000)
          .emitWithAck(REALTIME_EVENTS.update, { editId: editId(), updates: { [`${doc}/data/colors/accent`]: '#445566FF' } })) as {
          ok: boolean;
          message?: string;
        };
        expect(`${role}: ${ack.ok}`).toBe(`${role}: ${writers.includes(role)}`);
        if (!ack.ok) expect(ack.message).toBe('You do not have permission to do this.');
        socket.disconnect();
      }
    });

    it('manage calls: owner, managers, SOVEREIGN; delete the shop: owner and SOVEREIGN only', async () => {
      for (const role of ROLES) {
        await expectStatus(role, 'GET', `${base(shop.alias)}/invites`, allow(managers)[role]);
        await expectStatus(role, 'PUT', `${base(shop.alias)}/${ids.viewer}/access-rights`, allow(managers)[role], {
          accessRights: { view: true, editDesign: false, manageCollaborators: false },
        });
        await expectStatus(role, 'PUT', `/v1/shops/${shop.alias}/sharing`, allow(managers)[role], { publicLink: true });
        await expectStatus(role, 'POST', `${base(shop.alias)}/invites`, allow(managers)[role], { collaborators: [{ email: uniqueEmail(`m-${role}`) }] });
        const made = await kit.call('POST', `${base(shop.alias)}/invites`, people.owner.token, { collaborators: [{ email: uniqueEmail(`o-${role}`) }] });
        const invite = made.json<{ data: Invite[] }>().data[0];
        await expectStatus(role, 'POST', `${base(shop.alias)}/invites`, allow(managers)[role]);
        await expectStatus(role, 'PUT', `${base(shop.alias)}/invites`, allow(managers)[role], {
          id: invite?.id,
          accessRights: { view: true, editDesign: false, manageCollaborators: false },
        });
        await expectStatus(role, 'PUT', `${base(shop.alias)}/invites`, allow(managers)[role], { id: invite?.id, status: 'revoked' });
        if (!managers.includes(role)) await kit.call('PUT', `${base(shop.alias)}/invites`, people.owner.token, { id: invite?.id, status: 'revoked' });
      }
      for (const role of ['editor', 'viewer', 'stranger', 'manager'] as Role[]) await expectStatus(role, 'DELETE', `/v1/admin/shops/${shop.alias}`, 403);
      for (const role of ['editor', 'viewer', 'stranger'] as Role[]) await expectStatus(role, 'DELETE', `${base(shop.alias)}/${ids.manager}`, 403);
    });

    it('a collaborator may leave; the owner cannot be invited; a stranger cannot list shop collaborations of others', async () => {
      const leaver = await kit.register();
      const id = await join(people.owner, shop.alias, leaver, { view: true, editDesign: false, manageCollaborators: false });
      expect((await kit.call('DELETE', `${base(shop.alias)}/${id}`, leaver.token)).statusCode).toBe(200);
      expect((await kit.call('GET', base(shop.alias), leaver.token)).statusCode).toBe(403);
      const own = await kit.call('POST', `${base(shop.alias)}/invites`, people.manager.token, { collaborators: [{ email: people.owner.user.email }] });
      expect(own.json()).toEqual({ message: COLLABORATOR_MESSAGES.ownerInvite });
      expect((await kit.call('GET', `/v1/users/${people.viewer.user.id}/shop-collaborations`, people.stranger.token)).statusCode).toBe(403);
      const mine = (await kit.call('GET', `/v1/users/${people.viewer.user.id}/shop-collaborations`, people.viewer.token)).json<{ data: ShopCollaboration[] }>()
        .data;
      expect(mine).toEqual([expect.objectContaining({ shopAlias: shop.alias, role: 'viewer', collaboratorId: ids.viewer })]);
      expect((await kit.call('GET', `/v1/users/${people.viewer.user.id}/shop-collaborations`, people.sovereign.token)).statusCode).toBe(200);
    });
  });

  describe('invites', () => {
    it('single use, expiry, wrong address, no self-invite, no duplicate open invite, parallel answers: one wins', async () => {
      const owner = await kit.register();
      const shop = await createShop(owner);
      const invitee = await kit.register();
      const other = await kit.register();
      expect((await kit.call('POST', `${base(shop.alias)}/invites`, owner.token, { collaborators: [{ email: owner.user.email }] })).json()).toEqual({
        message: COLLABORATOR_MESSAGES.selfInvite,
      });
      const first = await kit.call('POST', `${base(shop.alias)}/invites`, owner.token, { collaborators: [{ email: invitee.user.email }] });
      expect(first.statusCode, first.body).toBe(200);
      const again = await kit.call('POST', `${base(shop.alias)}/invites`, owner.token, { collaborators: [{ email: invitee.user.email.toUpperCase() }] });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: COLLABORATOR_MESSAGES.duplicateInvite });

      // The invitee got an e-mail with the token, and a notification with the invite's reference (never the token).
      const token = tokenOf(invitee.user.email);
      const inviteId = first.json<{ data: Invite[] }>().data[0]?.id ?? 0;
      const notifications = (await kit.call('GET', '/v1/portal/notifications/list?status=open', invitee.token)).json<{
        data: Array<{ id: number; type: string; meta: { inviteToken: string | null } }>;
      }>().data;
      expect(notifications).toEqual([
        expect.objectContaining({ type: 'invite', meta: expect.objectContaining({ inviteToken: `${inviteId}.${shop.alias}`, shopAlias: shop.alias }) }),
      ]);

      // Anyone holding the link may see what it is; a wrong token or id is refused.
      const check = (await kit.call('POST', `${base(shop.alias)}/invites/${inviteId}/verify`, null, { token })).json<{ data: InviteCheck }>().data;
      expect(check).toMatchObject({ shopName: shop.name, email: invitee.user.email, status: 'open', problem: null });
      expect((await kit.call('POST', `${base(shop.alias)}/invites/${inviteId}/verify`, null, { token: 'nope' })).statusCode).toBe(404);
      const wrong = (await kit.call('POST', `${base(shop.alias)}/invites/${inviteId}/verify`, null, { token, email: other.user.email })).json<{
        data: InviteCheck;
      }>().data;
      expect(wrong.problem).toBe(COLLABORATOR_MESSAGES.wrongAddress);

      // Another account cannot use the link.
      const stolen = await kit.call('PUT', `${base(shop.alias)}/invites/accept-decline`, other.token, { token, status: 'accepted' });
      expect(stolen.statusCode).toBe(403);
      expect(stolen.json()).toEqual({ message: COLLABORATOR_MESSAGES.wrongAddress });

      // Two parallel answers: exactly one wins.
      const answers = await Promise.all([
        kit.call('PUT', `${base(shop.alias)}/invites/accept-decline`, invitee.token, { token, status: 'accepted' }),
        kit.call('PUT', `${base(shop.alias)}/invites/accept-decline`, invitee.token, { token, status: 'declined' }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const reuse = await kit.call('PUT', `${base(shop.alias)}/invites/accept-decline`, invitee.token, { token, status: 'accepted' });
      expect(reuse.json()).toEqual({ message: COLLABORATOR_MESSAGES.used });
      // The notification is resolved.
      const open = (await kit.call('GET', '/v1/portal/notifications/list?status=open', invitee.token)).json<{ data: unknown[] }>().data;
      expect(open).toEqual([]);

      // Expiry.
      const late = await kit.register();
      await kit.call('POST', `${base(shop.alias)}/invites`, owner.token, { collaborators: [{ email: late.user.email }] });
      const lateToken = tokenOf(late.user.email);
      await kit.database.db
        .update(collaboratorInvites)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(collaboratorInvites.email, late.user.email));
      const expired = await kit.call('PUT', `${base(shop.alias)}/invites/accept-decline`, late.token, { token: lateToken, status: 'accepted' });
      expect(expired.statusCode).toBe(410);
      expect(expired.json()).toEqual({ message: COLLABORATOR_MESSAGES.expired });
      // Resend: a new link works, the old one does not.
      const resent = await kit.call('POST', `${base(shop.alias)}/invites`, owner.token);
      expect(resent.statusCode, resent.body).toBe(200);
      const fresh = tokenOf(late.user.email);
      expect(fresh).not.toBe(lateToken);
      expect((await kit.call('PUT', `${base(shop.alias)}/invites/accept-decline`, late.token, { token: lateToken, status: 'accepted' })).statusCode).toBe(404);
      expect((await kit.call('PUT', `${base(shop.alias)}/invites/accept-decline`, late.token, { token: fresh, status: 'accepted' })).statusCode).toBe(200);
    });

    it('answering proves control of the mailbox: the e-mailed token, or a verified account with the address (the notification carries no token)', async () => {
      const owner = await kit.register();
      const shop = await createShop(owner);
      // Someone registers with the invited address and never verifies it.
      const squatter = await kit.register();
      const stranger = await kit.register();
      await kit.verify(stranger.user.email);
      const invited = await kit.call('POST', `${base(shop.alias)}/invites`, owner.token, { collaborators: [{ email: squatter.user.email }] });
      const inviteId = invited.json<{ data: Invite[] }>().data[0]?.id ?? 0;
      const notification = (await kit.call('GET', '/v1/portal/notifications/list?status=open', squatter.token)).json<{
        data: Array<{ meta: { inviteToken: string | null } }>;
      }>().data[0];
      // Issue 27 #1: the notification carried the e-mailed token; the account accepted (200) and edited the shop (PUT 200).
      const reference = notification?.meta.inviteToken ?? '';
      expect(reference).toBe(`${inviteId}.${shop.alias}`);
      expect(reference).not.toBe(tokenOf(squatter.user.email));
      for (const status of ['accepted', 'declined']) {
        const answer = await kit.call('PUT', `${base(shop.alias)}/invites/accept-decline`, squatter.token, { token: reference, status });
        expect(answer.statusCode, answer.body).toBe(403);
        expect(answer.json()).toEqual({ message: COLLABORATOR_MESSAGES.verifyFirst });
      }
      expect((await kit.call('PUT', `/v1/shops/${shop.alias}`, squatter.token, { slogan: 'mine now' })).statusCode).toBe(403);
      // The join page says why; to anyone else the reference is no invite at all.
      const check = await kit.call('POST', `${base(shop.alias)}/invites/${inviteId}/verify`, squatter.token, { token: reference, email: squatter.user.email });
      expect(check.json<{ data: InviteCheck }>().data.problem).toBe(COLLABORATOR_MESSAGES.verifyFirst);
      for (const who of [null, stranger.token]) {
        const verify = await kit.call('POST', `${base(shop.alias)}/invites/${inviteId}/verify`, who, { token: reference });
        expect(verify.statusCode).toBe(404);
        expect(verify.json()).toEqual({ message: COLLABORATOR_MESSAGES.invalidToken });
      }
      expect((await kit.call('PUT', `${base(shop.alias)}/invites/accept-decline`, stranger.token, { token: reference, status: 'accepted' })).statusCode).toBe(
        404,
      );

      // Verified, the same account answers from the notification (what the portal's Accept sends).
      await kit.verify(squatter.user.email);
      const verified = await kit.call('POST', `${base(shop.alias)}/invites/${inviteId}/verify`, squatter.token, {
        token: reference,
        email: squatter.user.email,
      });
      expect(verified.json<{ data: InviteCheck }>().data.problem).toBeNull();
      const accepted = await kit.call('PUT', `${base(shop.alias)}/invites/accept-decline`, squatter.token, { token: reference, status: 'accepted' });
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect((await kit.call('PUT', `/v1/shops/${shop.alias}`, squatter.token, { slogan: 'ours' })).statusCode).toBe(200);

      // The e-mailed token itself is proof enough, verified or not.
      const newcomer = await kit.register();
      await kit.call('POST', `${base(shop.alias)}/invites`, owner.token, { collaborators: [{ email: newcomer.user.email }] });
      const byMail = await kit.call('PUT', `${base(shop.alias)}/invites/accept-decline`, newcomer.token, {
        token: tokenOf(newcomer.user.email),
        status: 'accepted',
      });
      expect(byMail.statusCode, byMail.body).toBe(200);
    });

    it('names merchants choose never become links in e-mails, and never make the subject', async () => {
      const evil = 'https://evil.example/claim?prize=1';
      const owner = await kit.register({ firstName: `Visit ${evil}`, lastName: 'www.evil.example' });
      const shop = await createShop(owner);
      const renamed = await kit.call('PUT', `/v1/shops/${shop.alias}`, owner.token, { name: `Win at ${evil} now` });
      expect(renamed.statusCode, renamed.body).toBe(200);
      const email = uniqueEmail('target');
      expect((await kit.call('POST', `${base(shop.alias)}/invites`, owner.token, { collaborators: [{ email }] })).statusCode).toBe(200);
      expect((await kit.call('POST', `${base(shop.alias)}/invites`, owner.token)).statusCode).toBe(200);
      // The e-mails an address receives because of names someone else typed: the invites, and a
      // verification e-mail (the owner's own here, whose greeting carries their chosen name).
      const mails = [...kit.mails(email), ...kit.mails(owner.user.email)];
      expect(mails.length).toBe(3);
      for (const mail of mails) {
        expect(
          mail.links.every((link) => link.startsWith(kit.config.PUBLIC_ORIGIN)),
          JSON.stringify(mail.links),
        ).toBe(true);
        expect(mail.subject).not.toMatch(/evil|Visit|Win at/);
        for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/https?:\/\/evil|evil\.example/);
      }
      const invite = kit.mails(email)[0];
      expect(invite?.links).toEqual([expect.stringContaining('/join-project?token=')]);
      // The names are still there, as plain text: readable, not clickable.
      expect(invite?.text).toContain(
        'Visit https:\u2215\u2215evil\u2024example/claim?prize=… invites you to design the app of Win at https:\u2215\u2215evil\u2024example/claim?prize=1 now together',
      );
    });

    it(`new invites and resends share the limit of ${COLLABORATOR_LIMITS.invitesPerDay} e-mails a day`, async () => {
      const owner = await kit.register();
      const shop = await createShop(owner);
      const emails = Array.from({ length: 5 }, () => uniqueEmail('resend'));
      const sentTo = () => emails.reduce((total, email) => total + kit.mails(email).length, 0);
      expect((await kit.call('POST', `${base(shop.alias)}/invites`, owner.token, { collaborators: emails.map((email) => ({ email })) })).statusCode).toBe(200);
      // Issue 27 #2: one invite to 5 addresses and 12 resends put 65 e-mails in the outbox.
      const statuses: number[] = [];
      for (let round = 0; round < 12; round += 1) statuses.push((await kit.call('POST', `${base(shop.alias)}/invites`, owner.token)).statusCode);
      expect(statuses).toEqual([...Array<number>(9).fill(200), 429, 429, 429]);
      expect(sentTo()).toBe(COLLABORATOR_LIMITS.invitesPerDay);
      const refused = await kit.call('POST', `${base(shop.alias)}/invites`, owner.token);
      expect(refused.json()).toEqual({ message: COLLABORATOR_MESSAGES.perDay });
      // A new invite finds the limit used up by the resends.
      const fresh = await kit.call('POST', `${base(shop.alias)}/invites`, owner.token, { collaborators: [{ email: uniqueEmail('late') }] });
      expect(fresh.statusCode).toBe(429);
      // Parallel resends cannot pass it together either; a day later the shop may send again.
      await kit.database.db
        .update(collaboratorInviteSends)
        .set({ sentAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
        .where(eq(collaboratorInviteSends.shopId, shop.id));
      const parallel = await Promise.all(Array.from({ length: 12 }, () => kit.call('POST', `${base(shop.alias)}/invites`, owner.token)));
      expect(parallel.filter((answer) => answer.statusCode === 200)).toHaveLength(COLLABORATOR_LIMITS.invitesPerDay / emails.length);
      expect(sentTo()).toBe(2 * COLLABORATOR_LIMITS.invitesPerDay);
    });

    it('limits per shop', async () => {
      const owner = await kit.register();
      const shop = await createShop(owner);
      const batch = (n: number) => ({ collaborators: Array.from({ length: n }, () => ({ email: uniqueEmail('limit') })) });
      expect((await kit.call('POST', `${base(shop.alias)}/invites`, owner.token, batch(10))).statusCode).toBe(200);
      expect((await kit.call('POST', `${base(shop.alias)}/invites`, owner.token, batch(10))).statusCode).toBe(200);
      const over = await kit.call('POST', `${base(shop.alias)}/invites`, owner.token, batch(1));
      expect(over.statusCode).toBe(429);
      expect(over.json()).toEqual({ message: COLLABORATOR_MESSAGES.perShop });
    });
  });

  it('design reads: whoever may see the shop, anyone while the public link is on, the preview key, templates; refusals say why', async () => {
    const owner = await kit.register();
    const shop = await createShop(owner);
    const people = { owner, editor: await kit.register(), viewer: await kit.register(), stranger: await kit.register(), sovereign: await kit.register() };
    await kit.database.db.insert(userRoles).values({ userId: people.sovereign.user.id, roleId: ROLE.SOVEREIGN });
    await join(owner, shop.alias, people.editor, { view: true, editDesign: true, manageCollaborators: false });
    await join(owner, shop.alias, people.viewer, { view: true, editDesign: false, manageCollaborators: false });
    const doc = designPath(shop.alias, 0);
    await kit.call('POST', '/v1/realtime/edits', owner.token, { editId: editId(), updates: { [`${doc}/data/colors/primary`]: '#123456FF' } });
    const url = await listening();
    const sockets = {} as Record<keyof typeof people | 'anonymous', Socket>;
    for (const [who, person] of Object.entries(people)) sockets[who as keyof typeof people] = await client(url, person.token);
    sockets.anonymous = await client(url);
    const read = async (who: keyof typeof sockets, key?: string, event: string = REALTIME_EVENTS.subscribe) =>
      (await sockets[who].timeout(3000).emitWithAck(event, key ? { path: doc, key } : { path: doc })) as {
        ok: boolean;
        message?: string;
        status?: number;
        snapshot?: { revision: number };
      };

    // Off by default (issue 27): the stranger and a signed-out visitor are refused until it is turned on.
    expect((await read('stranger', undefined, REALTIME_EVENTS.get)).ok).toBe(false);
    expect((await read('anonymous', undefined, REALTIME_EVENTS.get)).ok).toBe(false);
    expect((await kit.call('PUT', `/v1/shops/${shop.alias}/sharing`, owner.token, { publicLink: true })).statusCode).toBe(200);
    // The public link is on: anyone reads.
    for (const who of Object.keys(sockets) as Array<keyof typeof sockets>)
      expect(`${who} ${(await read(who, undefined, REALTIME_EVENTS.get)).ok}`).toBe(`${who} true`);

    const sharing = (await kit.call('GET', `/v1/shops/${shop.alias}/sharing`, people.viewer.token)).json<{
      data: { publicLink: boolean; previewKey: string };
    }>().data;
    expect(sharing.publicLink).toBe(true);
    expect(sharing.previewKey).toMatch(/^[A-Za-z0-9_-]{12}$/);
    // One key per shop: asking again gives the same one.
    expect((await kit.call('GET', `/v1/shops/${shop.alias}/sharing`, owner.token)).json<{ data: { previewKey: string } }>().data.previewKey).toBe(
      sharing.previewKey,
    );

    // A phone holding the key follows the design; a stranger's socket follows it too while public.
    const phone = await client(url);
    expect((await phone.timeout(3000).emitWithAck(REALTIME_EVENTS.subscribe, { path: doc, key: sharing.previewKey })) as { ok: boolean }).toMatchObject({
      ok: true,
    });
    const strangerRefused = new Promise<{ path: string; message: string }>((resolve) => sockets.stranger.once(REALTIME_EVENTS.refused, resolve));
    expect(await read('stranger')).toMatchObject({ ok: true });

    // The link goes off: the stranger's open subscription is dropped and told; the phone stays.
    expect((await kit.call('PUT', `/v1/shops/${shop.alias}/sharing`, owner.token, { publicLink: false })).json()).toMatchObject({
      data: { publicLink: false, previewKey: sharing.previewKey },
    });
    expect(await strangerRefused).toEqual({ path: doc, message: DESIGN_MESSAGES.designPrivate });
    const expected = { owner: true, editor: true, viewer: true, sovereign: true, stranger: false, anonymous: false } as const;
    for (const who of Object.keys(sockets) as Array<keyof typeof sockets>) {
      for (const event of [REALTIME_EVENTS.get, REALTIME_EVENTS.subscribe]) {
        const answer = await read(who, undefined, event);
        expect(`${who} ${event} ${answer.ok}`).toBe(`${who} ${event} ${expected[who]}`);
        if (!answer.ok) expect(answer).toEqual({ ok: false, message: DESIGN_MESSAGES.designPrivate, status: who === 'anonymous' ? 401 : 403 });
      }
    }
    expect(await read('anonymous', sharing.previewKey)).toMatchObject({ ok: true, snapshot: { revision: 1 } });
    expect(await read('stranger', sharing.previewKey)).toMatchObject({ ok: true });
    expect(await read('anonymous', 'AAAAAAAAAAAA')).toMatchObject({ ok: false, status: 401 });
    // An unknown alias is not found; a template shop stays public.
    expect(await sockets.anonymous.timeout(3000).emitWithAck(REALTIME_EVENTS.get, { path: designPath('no-such-shop-x', 0) })).toMatchObject({
      ok: false,
      status: 404,
    });
    const template = await createShop(owner);
    await kit.database.db.update(shops).set({ isTemplate: true }).where(eq(shops.alias, template.alias));
    await kit.database.db.insert(shopSharing).values({ shopId: template.id, publicLink: false });
    expect(await sockets.anonymous.timeout(3000).emitWithAck(REALTIME_EVENTS.get, { path: designPath(template.alias, 0) })).toMatchObject({ ok: true });

    // Only an owner or manager makes a new key; the phone holding the old one is dropped and told.
    expect((await kit.call('POST', `/v1/shops/${shop.alias}/sharing/preview-key`, people.editor.token)).statusCode).toBe(403);
    expect((await kit.call('POST', `/v1/shops/${shop.alias}/sharing/preview-key`, null)).statusCode).toBe(401);
    const phoneRefused = new Promise<{ path: string }>((resolve) => phone.once(REALTIME_EVENTS.refused, resolve));
    const rotated = await kit.call('POST', `/v1/shops/${shop.alias}/sharing/preview-key`, owner.token);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const newKey = rotated.json<{ data: { previewKey: string } }>().data.previewKey;
    expect(newKey).not.toBe(sharing.previewKey);
    expect(await phoneRefused).toMatchObject({ path: doc });
    expect(await read('anonymous', sharing.previewKey)).toMatchObject({ ok: false, status: 401 });
    expect(await read('anonymous', newKey)).toMatchObject({ ok: true });
    // Edits reach the new key's holder, not the old one's.
    let oldHeard = false;
    phone.on(REALTIME_EVENTS.value, () => (oldHeard = true));
    const heard = new Promise((resolve) => sockets.anonymous.once(REALTIME_EVENTS.value, resolve));
    await kit.call('POST', '/v1/realtime/edits', owner.token, { editId: editId(), updates: { [`${doc}/data/colors/primary`]: '#654321FF' } });
    await heard;
    expect(oldHeard).toBe(false);
  });

  it('a removed collaborator loses access at once: HTTP, realtime writes, and the open socket is told and leaves the rooms', async () => {
    const owner = await kit.register();
    const shop = await createShop(owner);
    const editor = await kit.register();
    const id = await join(owner, shop.alias, editor, { view: true, editDesign: true, manageCollaborators: false });
    const url = await listening();
    const socket = await client(url, editor.token);
    const doc = designPath(shop.alias, 0);
    await socket.timeout(3000).emitWithAck(REALTIME_EVENTS.subscribe, { path: doc });
    expect(await socket.timeout(3000).emitWithAck(PRESENCE_EVENTS.join, { alias: shop.alias, section: 'colors' })).toEqual({ ok: true });
    const ownerSocket = await client(url, owner.token);
    const presence = new Promise<{ members: Array<{ userId: number; section: string }> }>((resolve) => ownerSocket.on(PRESENCE_EVENTS.update, resolve));
    expect(await ownerSocket.timeout(3000).emitWithAck(PRESENCE_EVENTS.join, { alias: shop.alias, section: 'splash' })).toEqual({ ok: true });
    const seen = await presence;
    expect(seen.members.map((member) => [member.userId, member.section]).sort()).toEqual(
      [
        [editor.user.id, 'colors'],
        [owner.user.id, 'splash'],
      ].sort(),
    );

    const told = new Promise((resolve) => socket.on(COLLAB_EVENTS.access, resolve));
    expect((await kit.call('DELETE', `${base(shop.alias)}/${id}`, owner.token)).statusCode).toBe(200);
    expect(await told).toEqual({ alias: shop.alias, rights: null });
    const refused = (await socket
      .timeout(3000)
      .emitWithAck(REALTIME_EVENTS.update, { editId: editId(), updates: { [`${doc}/data/colors/primary`]: '#000000FF' } })) as { ok: boolean };
    expect(refused.ok).toBe(false);
    expect((await kit.call('GET', `/v1/admin/shops/${shop.alias}`, editor.token)).statusCode).toBe(403);
    // A socket that missed the event learns it when it joins again (the editor leaves on 403).
    expect(await socket.timeout(3000).emitWithAck(PRESENCE_EVENTS.join, { alias: shop.alias, section: 'colors' })).toMatchObject({ ok: false, status: 403 });
    // The owner's edits no longer reach the removed collaborator's socket.
    let heard = false;
    socket.on(REALTIME_EVENTS.value, () => (heard = true));
    expect(
      (await kit.call('POST', '/v1/realtime/edits', owner.token, { editId: editId(), updates: { [`${doc}/data/colors/primary`]: '#ABCDEFFF' } })).statusCode,
    ).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toBe(false);
  });

  it('merge a branch into the default: what each side changed, conflicts chosen per field; history of who changed what; rights', async () => {
    const owner = await kit.register();
    const shop = await createShop(owner);
    const editor = await kit.register();
    const viewer = await kit.register();
    const stranger = await kit.register();
    await join(owner, shop.alias, editor, { view: true, editDesign: true, manageCollaborators: false });
    await join(owner, shop.alias, viewer, { view: true, editDesign: false, manageCollaborators: false });
    const main = designPath(shop.alias, 0);
    const branch = designPath(shop.alias, 1);
    const edit = async (token: string, updates: Record<string, unknown>) => {
      const response = await kit.call('POST', '/v1/realtime/edits', token, { editId: editId(), updates });
      expect(response.statusCode, response.body).toBe(200);
    };
    await edit(owner.token, { [`${main}/data/colors/primary`]: '#111111FF', [`${main}/data/colors/accent`]: '#222222FF' });
    expect((await kit.call('POST', `/v1/shops/${shop.alias}/design/versions`, owner.token, { from: 0 })).statusCode).toBe(201);
    // The branch changes primary, the bottom bar and the accent; the default changes the accent too, and the font.
    await edit(editor.token, { [`${branch}/data/colors/primary`]: '#AA0000FF', [`${branch}/data/bottomNav/enabled`]: true });
    await edit(editor.token, { [`${branch}/data/colors/accent`]: '#00AA00FF' });
    await edit(owner.token, { [`${main}/data/colors/accent`]: '#0000AAFF' });

    const mergeUrl = `/v1/shops/${shop.alias}/design/versions/1/merge`;
    for (const [who, status] of [
      [viewer, 403],
      [stranger, 403],
      [editor, 200],
    ] as const)
      expect((await kit.call('GET', mergeUrl, who.token)).statusCode).toBe(status);
    const plan = (await kit.call('GET', mergeUrl, editor.token)).json<{
      data: { changed: string[]; conflicts: Array<{ field: string; branch: unknown; default: unknown }>; defaultVersion: number };
    }>().data;
    expect(plan.defaultVersion).toBe(0);
    expect(plan.changed.sort()).toEqual(['bottomNav/enabled', 'colors/accent', 'colors/primary']);
    expect(plan.conflicts).toEqual([{ field: 'colors/accent', branch: '#00AA00FF', default: '#0000AAFF' }]);
    expect((await kit.call('GET', `/v1/shops/${shop.alias}/design/versions/0/merge`, owner.token)).json()).toEqual({
      message: DESIGN_MESSAGES.mergeIntoItself,
    });

    // Unresolved conflict: refused, nothing changes. A viewer may not merge.
    const refused = await kit.call('POST', mergeUrl, editor.token, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: `${DESIGN_MESSAGES.mergeConflicts}: colors/accent` });
    expect((await kit.call('POST', mergeUrl, viewer.token, { resolutions: { 'colors/accent': 'branch' } })).statusCode).toBe(403);

    // The owner's open default follows the merge live.
    const url = await listening();
    const watcher = await client(url, owner.token);
    await watcher.timeout(3000).emitWithAck(REALTIME_EVENTS.subscribe, { path: main });
    const live = new Promise<{ value: { data: { colors: Record<string, string> } } }>((resolve) => watcher.once(REALTIME_EVENTS.value, resolve));
    const merged = await kit.call('POST', mergeUrl, editor.token, { resolutions: { 'colors/accent': 'default' } });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json<{ data: { applied: string[]; keptDefault: string[] } }>().data).toMatchObject({ keptDefault: ['colors/accent'] });
    expect(merged.json<{ data: { applied: string[] } }>().data.applied.sort()).toEqual(['bottomNav/enabled', 'colors/primary']);
    expect((await live).value.data).toMatchObject({ colors: { primary: '#AA0000FF', accent: '#0000AAFF' }, bottomNav: { enabled: true } });
    const shopConfig = (await kit.call('GET', `/v1/admin/shops/${shop.alias}`, owner.token)).json<{ data: { config: { colors: { primary: string } } } }>().data
      .config;
    expect(shopConfig.colors.primary).toBe('#AA0000FF');
    // Merged: nothing left to bring over but the accent the merchant kept on the default.
    const after = (await kit.call('GET', mergeUrl, editor.token)).json<{ data: { changed: string[]; conflicts: unknown[] } }>().data;
    expect(after).toMatchObject({ changed: ['colors/accent'], conflicts: [] });

    // History: newest first, with names and fields; viewers may read it, strangers not.
    const historyUrl = `/v1/shops/${shop.alias}/design/versions/0/history`;
    expect((await kit.call('GET', historyUrl, stranger.token)).statusCode).toBe(403);
    const history = (await kit.call('GET', `${historyUrl}?limit=3`, viewer.token)).json<{
      data: Array<{ user: string; fields: string[]; merge: boolean; revision: number }>;
    }>().data;
    const name = (who: AuthResult) => `${who.user.firstName} ${who.user.lastName}`;
    expect(history.map((entry) => [entry.user, [...entry.fields].sort(), entry.merge])).toEqual([
      [name(editor), ['bottomNav/enabled', 'colors/primary'], true],
      [name(owner), ['colors/accent'], false],
      [name(owner), ['colors/accent', 'colors/primary'], false],
    ]);
    const branchHistory = (await kit.call('GET', `/v1/shops/${shop.alias}/design/versions/1/history`, owner.token)).json<{
      data: Array<{ user: string; fields: string[] }>;
    }>().data;
    expect(branchHistory.map((entry) => entry.fields)).toEqual([['colors/accent'], ['bottomNav/enabled', 'colors/primary']]);
    expect((await kit.call('GET', `${historyUrl}?limit=0`, owner.token)).statusCode).toBe(400);
  });

  it('versions as branches: duplicate, make default, who changed what; the public page and its PNG, and the link turned off', async () => {
    const owner = await kit.register();
    const shop = await createShop(owner);
    const doc = designPath(shop.alias, 0);
    await kit.call('POST', '/v1/realtime/edits', owner.token, {
      editId: editId(),
      updates: { [doc]: { isDefault: true, version: 0, data: { colors: { primary: '#FF0000FF' } } } },
    });
    const copy = await kit.call('POST', `/v1/shops/${shop.alias}/design/versions`, owner.token, { from: 0 });
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json()).toMatchObject({ data: { version: 1, isDefault: false } });
    expect((await kit.call('POST', `/v1/shops/${shop.alias}/design/versions`, owner.token, { from: 7 })).statusCode).toBe(404);
    const made = await kit.call('PUT', `/v1/shops/${shop.alias}/design/versions/1/default`, owner.token);
    expect(made.json<{ data: Array<{ version: number; isDefault: boolean; lastEditor: string | null }> }>().data.map((v) => [v.version, v.isDefault])).toEqual([
      [0, false],
      [1, true],
    ]);
    // The last author is written with the edit itself.
    const versions = (await kit.call('GET', `/v1/shops/${shop.alias}/design/versions`, owner.token)).json<{ data: Array<{ lastEditor: string | null }> }>()
      .data;
    expect(versions[0]?.lastEditor).toBe(`${owner.user.firstName} ${owner.user.lastName}`);

    expect((await kit.call('PUT', `/v1/shops/${shop.alias}/sharing`, owner.token, { publicLink: true })).statusCode).toBe(200);
    const page = await kit.call('GET', `/v1/public/shops/${shop.alias}`, null);
    expect(page.json()).toMatchObject({ data: { name: shop.name, version: 1, config: { colors: { primary: '#FF0000FF' } } } });
    const image = await kit.app.inject({ method: 'GET', url: `/v1/public/shops/${shop.alias}/og-image.png` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(image.rawPayload.readUInt32BE(16)).toBe(1200);

    expect((await kit.call('PUT', `/v1/shops/${shop.alias}/sharing`, owner.token, { publicLink: false })).statusCode).toBe(200);
    const off = await kit.call('GET', `/v1/public/shops/${shop.alias}`, null);
    expect(off.statusCode).toBe(404);
    expect(off.json()).toEqual({ message: DESIGN_MESSAGES.publicOff });
    expect((await kit.app.inject({ method: 'GET', url: `/v1/public/shops/${shop.alias}/og-image.png` })).statusCode).toBe(404);
  });
});

describe('upgrading to migration 0012 (PGlite)', () => {
  it('takes the token out of invite notifications made before it, keeping the reference', async () => {
    // The migrations up to 0011 in a folder of their own, then every one: an upgrade as it happens.
    const all = path.resolve('server/drizzle');
    const before = tempDir('migrations-');
    mkdirSync(path.join(before, 'meta'));
    const journal = JSON.parse(readFileSync(path.join(all, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ idx: number; tag: string }> };
    const upTo = journal.entries.filter((entry) => entry.idx <= 11);
    writeFileSync(path.join(before, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: upTo }));
    for (const entry of upTo) copyFileSync(path.join(all, `${entry.tag}.sql`), path.join(before, `${entry.tag}.sql`));
    const client = new PGlite();
    const db = drizzle(client);
    try {
      await migrate(db, { migrationsFolder: before });
      await client.exec(`
        INSERT INTO users (first_name, last_name, email, referral_code) VALUES ('Ada', 'L', 'ada@example.com', 'ADA12345');
        INSERT INTO notifications (user_id, type, title, meta) VALUES
          (1, 'invite', 'Join', '{"shopName":"A","inviteToken":"12.my-shop.abcdefghijklmnopqrstuvwxyz_-0","shopAlias":"my-shop"}'),
          (1, 'release', 'New', '{"shopName":null,"inviteToken":null,"shopAlias":null}');
      `);
      await migrate(db, { migrationsFolder: all });
      const rows = await client.query<{ type: string; meta: Record<string, unknown> }>('SELECT type, meta FROM notifications ORDER BY id');
      expect(rows.rows).toEqual([
        { type: 'invite', meta: { shopName: 'A', inviteToken: '12.my-shop', shopAlias: 'my-shop' } },
        { type: 'release', meta: { shopName: null, inviteToken: null, shopAlias: null } },
      ]);
    } finally {
      await client.close();
    }
  });
});
