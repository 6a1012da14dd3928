/**
 * Firebase mode, end to end against local servers (server/src/modules/design/firebase-mirror.ts).
 * - Rights (issue 14): the portal's server mirrors each shop's rights into `access/{alias}`
 *   (firebase-admin) and mints custom tokens; the `firebase` adapter signs in with them (through
 *   the Auth emulator's REST calls) and the protocol server enforces database.rules.json. Owner,
 *   editor, viewer, stranger, SOVEREIGN, a signed-out visitor and a preview-key holder each get
 *   the answer the local store gives.
 * - Designs (issue 10): the server's copy follows what the merchants write to Firebase, and what
 *   the server changes (configure, versions, templates) reaches Firebase.
 */
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuthResult } from '@contract/auth/schemas';
import type { DesignVersion } from '@contract/design/versions';
import type { Sharing } from '@contract/design/sharing';
import { ROLE } from '@contract/constants';
import { designPath, REALTIME_MESSAGES, REALTIME_PATHS } from '@contract/design/realtime';
import type { Shop } from '@contract/shops/schemas';
import { userRoles } from '../../server/src/db/schema';
import { createFirebaseRealtime, type PreviewGrant } from '../../src/realtime/firebase';
import { setLogLevel } from 'firebase/app';
import { ref, set } from 'firebase/database';
import type { FirebaseMirror } from '../../server/src/modules/design/firebase-mirror';
import { startFirebaseAuthEmulator, type FirebaseAuthEmulator } from '../support/firebase-auth-emulator';
import { startFirebaseProtocolServer, type FirebaseProtocolServer } from '../support/firebase-protocol-server';
import { useApp } from './kit';
import { collaboratorsBase, createTeamShop, joinShop } from './team-kit';

const PROJECT = 'demo-portal';
const WEB_CONFIG = { apiKey: 'demo-api-key', projectId: PROJECT, databaseURL: `https://${PROJECT}.firebaseio.com` };
const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const SERVICE_ACCOUNT = {
  type: 'service_account',
  project_id: PROJECT,
  client_email: `portal@${PROJECT}.iam.gserviceaccount.com`,
  private_key: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
};
const TOKEN_URL = `/v1${REALTIME_PATHS.firebaseToken}`;
// Each refused write would log a FIREBASE WARNING: the refusals are what these tests expect.
setLogLevel('error');

describe('Firebase mode', () => {
  let protocol: FirebaseProtocolServer;
  let authEmulator: FirebaseAuthEmulator;
  // Before useApp's hook: firebase-admin reads the emulator's address when it first connects.
  beforeAll(async () => {
    protocol = await startFirebaseProtocolServer({ rules: JSON.parse(readFileSync('database.rules.json', 'utf8')) as object });
    authEmulator = await startFirebaseAuthEmulator({ projectId: PROJECT, publicKey: keys.publicKey, issuer: SERVICE_ACCOUNT.client_email });
    vi.stubEnv('FIREBASE_DATABASE_EMULATOR_HOST', `127.0.0.1:${protocol.port}`);
  });
  let access: FirebaseMirror;
  const kit = useApp('pglite', {
    env: { VITE_FIREBASE_CONFIG: JSON.stringify(WEB_CONFIG), FIREBASE_SERVICE_ACCOUNT: JSON.stringify(SERVICE_ACCOUNT) },
    configure: (_app, deps) => {
      access = deps.firebase;
    },
  });
  type Adapter = ReturnType<typeof createFirebaseRealtime>;
  const adapters: Adapter[] = [];
  afterAll(async () => {
    await protocol?.close();
    await authEmulator?.close();
    vi.unstubAllEnvs();
  });

  /** The `firebase` adapter of `who` (null: signed out), signing in through the portal's server. */
  function adapterOf(who: AuthResult | null): Adapter {
    const db = createFirebaseRealtime(WEB_CONFIG, {
      emulator: { host: '127.0.0.1', port: protocol.port },
      authEmulator: authEmulator.origin,
      appName: `rights-${adapters.length}`,
      signIn: {
        session: () => who?.token ?? null,
        customToken: async (preview: PreviewGrant | null) => {
          const response = await kit.call('POST', TOKEN_URL, who?.token ?? null, preview ?? {});
          if (response.statusCode !== 200) throw new Error(response.body);
          return response.json<{ data: { token: string } }>().data.token;
        },
      },
    });
    adapters.push(db);
    return db;
  }

  const people = {} as Record<'owner' | 'editor' | 'viewer' | 'stranger' | 'sovereign', AuthResult>;
  const db = {} as Record<keyof typeof people | 'visitor', Adapter>;
  let shop: Shop;
  let editorId: number;
  let viewerId: number;
  const colour = (alias: string) => `${designPath(alias, 0)}/data/colors/primary`;

  beforeAll(async () => {
    for (const role of ['owner', 'editor', 'viewer', 'stranger', 'sovereign'] as const) people[role] = await kit.register();
    await kit.database.db.insert(userRoles).values({ userId: people.sovereign.user.id, roleId: ROLE.SOVEREIGN });
    shop = await createTeamShop(kit, people.owner, 'firebase');
    // Off by default (issue 27): these checks start from a shared design.
    expect((await kit.call('PUT', `/v1/shops/${shop.alias}/sharing`, people.owner.token, { publicLink: true })).statusCode).toBe(200);
    editorId = await joinShop(kit, people.owner, shop.alias, people.editor, { view: true, editDesign: true, manageCollaborators: false });
    viewerId = await joinShop(kit, people.owner, shop.alias, people.viewer, { view: true, editDesign: false, manageCollaborators: false });
    for (const role of Object.keys(people) as Array<keyof typeof people>) db[role] = adapterOf(people[role]);
    db.visitor = adapterOf(null);
  });

  it('mirrors who may read and write each shop into access/{alias}', async () => {
    expect(await protocol.value(`access/${shop.alias}`)).toEqual({
      public: true,
      members: { [people.owner.user.id]: { edit: true }, [people.editor.user.id]: { edit: true }, [people.viewer.user.id]: { edit: false } },
    });
    // A start writes every shop once more (what a failed mirror left behind heals): the same node.
    expect(await access.syncAll()).toBeGreaterThanOrEqual(1);
    expect(await protocol.value(`access/${shop.alias}/members/${people.viewer.user.id}`)).toEqual({ edit: false });
  });

  it('owner, editor and SOVEREIGN write; a viewer, a stranger and a signed-out visitor are refused with nothing stored', async () => {
    const path = colour(shop.alias);
    expect((await db.owner.set(path, '#111111FF')).duplicate).toBe(false);
    expect((await db.editor.set(path, '#222222FF')).duplicate).toBe(false);
    expect((await db.sovereign.set(path, '#333333FF')).duplicate).toBe(false);
    for (const refused of [db.viewer, db.stranger, db.visitor]) await expect(refused.set(path, '#FF0000FF')).rejects.toThrow(REALTIME_MESSAGES.forbidden);
    expect(await db.owner.get(path)).toBe('#333333FF');
    expect(authEmulator.signIns).toEqual(expect.arrayContaining([String(people.owner.user.id), String(people.sovereign.user.id)]));
  });

  it('nobody signs in as someone else, or writes the access node itself', async () => {
    const forged = await kit.call('POST', TOKEN_URL, null, {});
    expect(forged.statusCode).toBe(401);
    // The stranger's own token cannot grant itself a membership.
    const stranger = adapterOf(people.stranger);
    await stranger.get(designPath(shop.alias, 0));
    await expect(set(ref(stranger.database, `access/${shop.alias}/members/${people.stranger.user.id}`), { edit: true })).rejects.toThrow(/permission/i);
    await expect(stranger.set(colour(shop.alias), '#FF0000FF')).rejects.toThrow(REALTIME_MESSAGES.forbidden);
  });

  it('a change of rights holds at once: the viewer made editor writes, the removed editor is refused', async () => {
    const promoted = await kit.call('PUT', `${collaboratorsBase(shop.alias)}/${viewerId}/access-rights`, people.owner.token, {
      accessRights: { view: true, editDesign: true, manageCollaborators: false },
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    await db.viewer.set(colour(shop.alias), '#444444FF');
    const removed = await kit.call('DELETE', `${collaboratorsBase(shop.alias)}/${editorId}`, people.owner.token);
    expect(removed.statusCode, removed.body).toBe(200);
    await expect(db.editor.set(colour(shop.alias), '#FF0000FF')).rejects.toThrow(REALTIME_MESSAGES.forbidden);
    expect(await db.owner.get(colour(shop.alias))).toBe('#444444FF');
  });

  it('reads: anyone while the public link is on; then the team, a SOVEREIGN and the preview key only', async () => {
    const path = designPath(shop.alias, 0);
    expect(await db.visitor.get(path)).not.toBeNull();
    const off = await kit.call('PUT', `/v1/shops/${shop.alias}/sharing`, people.owner.token, { publicLink: false });
    expect(off.statusCode, off.body).toBe(200);
    const { previewKey } = off.json<{ data: Sharing }>().data;
    expect(await protocol.value(`access/${shop.alias}/public`)).toBe(false);
    expect(await adapterOf(null).get(path)).toBeNull();
    expect(await adapterOf(people.stranger).get(path)).toBeNull();
    expect(await adapterOf(people.sovereign).get(path)).not.toBeNull();
    expect(await adapterOf(people.viewer).get(path)).not.toBeNull();

    // The QR code's key: a signed-out phone follows the private design.
    const phone = adapterOf(null);
    const seen: unknown[] = [];
    const stop = phone.onValue(`${path}/data/colors/primary`, (value) => seen.push(value), { key: previewKey });
    await expect.poll(() => seen.at(-1)).toBe('#444444FF');
    await db.owner.set(colour(shop.alias), '#555555FF');
    await expect.poll(() => seen.at(-1)).toBe('#555555FF');
    stop();
    // The key reads, it never writes; a wrong key gets no token at all.
    await expect(phone.set(colour(shop.alias), '#FF0000FF')).rejects.toThrow(REALTIME_MESSAGES.forbidden);
    const wrong = await kit.call('POST', TOKEN_URL, null, { alias: shop.alias, key: 'x'.repeat(12) });
    expect(wrong.statusCode).toBe(403);
    expect((await kit.call('POST', TOKEN_URL, null, { alias: shop.alias })).statusCode).toBe(400);
  });

  it("a template's shop: anyone reads it, only its owner and a SOVEREIGN write it, its removal leaves nothing", async () => {
    const created = await kit.call('POST', '/v1/templates', people.owner.token, { name: 'Firebase look', category: 'health_beauty' });
    expect(created.statusCode, created.body).toBe(201);
    const template = created.json<{ data: { templateId: string; data: { shop: { alias: string } } } }>().data;
    const alias = template.data.shop.alias;
    expect(await protocol.value(`access/${alias}`)).toEqual({ public: true, members: { [people.owner.user.id]: { edit: true } } });
    await db.owner.set(colour(alias), '#777777FF');
    await expect(db.viewer.set(colour(alias), '#FF0000FF')).rejects.toThrow(REALTIME_MESSAGES.forbidden);
    expect(await adapterOf(null).get(colour(alias))).toBe('#777777FF');
    const removed = await kit.call('DELETE', `/v1/templates/${template.templateId}`, people.owner.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await protocol.value(`access/${alias}`)).toBeNull();
    expect(await protocol.value(designPath(alias, 0))).toBeNull();
  });

  it('deleting the shop removes its access node and its design documents', async () => {
    const other = await createTeamShop(kit, people.owner, 'doomed');
    await db.owner.set(colour(other.alias), '#666666FF');
    const deleted = await kit.call('DELETE', `/v1/admin/shops/${other.alias}`, people.owner.token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await protocol.value(`access/${other.alias}`)).toBeNull();
    expect(await protocol.value(designPath(other.alias, 0))).toBeNull();
    await expect(db.owner.set(colour(other.alias), '#FF0000FF')).rejects.toThrow(REALTIME_MESSAGES.forbidden);
  });

  describe('designs: the server and Firebase stay in step', () => {
    /** A shop whose public page (read below) is on: it is off by default. */
    const sharedShop = async (label: string) => {
      const made = await createTeamShop(kit, people.owner, label);
      expect((await kit.call('PUT', `/v1/shops/${made.alias}/sharing`, people.owner.token, { publicLink: true })).statusCode).toBe(200);
      return made;
    };
    const publicConfig = async (alias: string) =>
      (await kit.call('GET', `/v1/public/shops/${alias}`, null)).json<{ data?: { config: { colors?: { primary?: string } } | null } }>().data?.config?.colors
        ?.primary;

    it("a merchant's edits in Firebase reach the server's copy: the public page, the shop's config and the versions' last editor", async () => {
      const mine = await sharedShop('bridge');
      await db.owner.set(colour(mine.alias), '#0A0B0CFF');
      await expect.poll(() => publicConfig(mine.alias)).toBe('#0A0B0CFF');
      const versions = (await kit.call('GET', `/v1/shops/${mine.alias}/design/versions`, people.owner.token)).json<{ data: DesignVersion[] }>().data;
      expect(versions).toEqual([
        expect.objectContaining({ version: 0, isDefault: true, lastEditor: `${people.owner.user.firstName} ${people.owner.user.lastName}` }),
      ]);
      const admin = (await kit.call('GET', `/v1/admin/shops/${mine.alias}`, people.owner.token)).json<{ data: { config: { colors?: { primary?: string } } } }>()
        .data;
      expect(admin.config.colors?.primary).toBe('#0A0B0CFF');
      // Who changed what: the version's history names the writer and the field.
      const history = async () =>
        (await kit.call('GET', `/v1/shops/${mine.alias}/design/versions/0/history`, people.owner.token)).json<{
          data: Array<{ user: string | null; fields: string[] }>;
        }>().data;
      expect((await history())[0]).toEqual(
        expect.objectContaining({ user: `${people.owner.user.firstName} ${people.owner.user.lastName}`, fields: ['colors/primary'] }),
      );
      await db.owner.set(`${designPath(mine.alias, 0)}/data/colors/accent`, '#0D0E0FFF');
      await expect.poll(async () => (await history())[0]?.fields).toEqual(['colors/accent']);
    });

    it('what the server changes reaches Firebase: configure, a duplicated version, a new default', async () => {
      const mine = await sharedShop('server-side');
      await db.owner.set(colour(mine.alias), '#111111FF');
      await expect.poll(() => publicConfig(mine.alias)).toBe('#111111FF');
      const configured = await kit.call('POST', `/v1/shops/${mine.alias}/configure`, people.owner.token, {
        configVersion: 0,
        colors: { primary: '#222222FF' },
      });
      expect(configured.statusCode, configured.body).toBe(200);
      await expect.poll(() => db.owner.get(colour(mine.alias))).toBe('#222222FF');

      const duplicated = await kit.call('POST', `/v1/shops/${mine.alias}/design/versions`, people.owner.token, { from: 0 });
      expect(duplicated.statusCode, duplicated.body).toBe(201);
      await expect.poll(() => db.owner.get(`${designPath(mine.alias, 1)}/data/colors/primary`)).toBe('#222222FF');
      await db.owner.set(`${designPath(mine.alias, 1)}/data/colors/primary`, '#333333FF');
      const made = await kit.call('PUT', `/v1/shops/${mine.alias}/design/versions/1/default`, people.owner.token);
      expect(made.statusCode, made.body).toBe(200);
      await expect.poll(() => db.owner.get(`${designPath(mine.alias, 0)}/isDefault`)).toBe(false);
      expect(await db.owner.get(`${designPath(mine.alias, 1)}/isDefault`)).toBe(true);
      await expect.poll(() => publicConfig(mine.alias)).toBe('#333333FF');
    });

    it("a document Firebase holds that is not a valid design leaves the server's copy at its last valid one", async () => {
      const mine = await sharedShop('invalid');
      await db.owner.set(colour(mine.alias), '#444444FF');
      await expect.poll(() => publicConfig(mine.alias)).toBe('#444444FF');
      await db.owner.set(colour(mine.alias), 'not a colour');
      await db.owner.set(`${designPath(mine.alias, 0)}/data/buttons/elevation`, 3);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await publicConfig(mine.alias)).toBe('#444444FF');
      await db.owner.set(colour(mine.alias), '#555555FF');
      await expect.poll(() => publicConfig(mine.alias)).toBe('#555555FF');
    });

    it("templates: the starters' designs are in Firebase after a start, and 'Use this template' writes the merchant's design there", async () => {
      const templates = (await kit.call('GET', '/v1/templates', null)).json<{ data: Array<{ templateId: string; data: { shop: { alias: string } } }> }>().data;
      const starter = templates[0];
      if (!starter) throw new Error('no starter template seeded');
      await expect.poll(() => protocol.value(designPath(starter.data.shop.alias, 0))).not.toBeNull();
      // The start read every design once: its listener's download also answered what Firebase lacked.
      expect(protocol.reads('apps/production')).toBe(1);
      const mine = await createTeamShop(kit, people.owner, 'from-template');
      const used = await kit.call('POST', `/v1/templates/${starter.templateId}/use`, people.owner.token, { alias: mine.alias });
      expect(used.statusCode, used.body).toBe(200);
      const starterPrimary = await adapterOf(null).get(`${designPath(starter.data.shop.alias, 0)}/data/colors/primary`);
      await expect.poll(() => db.owner.get(colour(mine.alias))).toBe(starterPrimary);
    });
  });
});
