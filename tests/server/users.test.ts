/**
 * The users module through HTTP on a fresh database: the profile, its picture (stored, owned,
 * served safely) and finding a user by e-mail. Runs on PGlite and PostgreSQL.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ROLE } from '@contract/constants';
import { PROFILE_PICTURE_MAX_BYTES } from '@contract/users/paths';
import type { User } from '@contract/users/schemas';
import { media, userRoles, users } from '../../server/src/db/schema';
import { grantRole } from '../../server/src/modules/users/service';
import { PNG, bearer, uniqueEmail, useApp } from './kit';
import { databaseKinds, removeTempDirs } from './harness';

const kinds = await databaseKinds();
afterAll(removeTempDirs);

describe.each(kinds)('users on %s', (kind) => {
  const kit = useApp(kind);
  const put = (userId: number, token: string, body: Buffer, type = 'image/png') =>
    kit.app.inject({ method: 'PUT', url: `/v1/user/${userId}/profile-picture`, headers: { ...bearer(token), 'content-type': type }, payload: body });

  it('the user updates themself; another user gets 403; a SOVEREIGN may update anyone', async () => {
    const { user, token } = await kit.register();
    const updated = await kit.call('PUT', `/v1/user/${user.id}`, token, { fcmId: 'fcm-1', firstName: 'Augusta' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<{ data: User }>().data).toEqual({ ...user, fcmId: 'fcm-1', firstName: 'Augusta' });

    const other = await kit.register();
    const refused = await kit.call('PUT', `/v1/user/${user.id}`, other.token, { fcmId: 'x' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'You do not have permission to do this.' });

    await kit.database.db.insert(userRoles).values({ userId: other.user.id, roleId: ROLE.SOVEREIGN });
    const bySovereign = await kit.call('PUT', `/v1/user/${user.id}`, other.token, { lastName: 'King' });
    expect(bySovereign.json<{ data: User }>().data.lastName).toBe('King');
    const unknown = await kit.call('PUT', '/v1/user/999999', other.token, { lastName: 'King' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'User not found' });

    const badPhone = await kit.call('PUT', `/v1/user/${user.id}`, token, { phoneNo: 'abc' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json()).toEqual({ message: 'Please enter a valid phone number' });
  });

  it('a user id beyond the int4 range is a 400, not a database error', async () => {
    const { token } = await kit.register();
    for (const id of ['2147483648', '99999999999999999999', '0', '-1', '1.5']) {
      const response = await kit.call('PUT', `/v1/user/${id}`, token, { lastName: 'X' });
      expect(response.statusCode, id).toBe(400);
    }
  });

  it('stores a profile picture, serves it from /uploads and replaces the previous file', async () => {
    const { user, token } = await kit.register();
    const first = await put(user.id, token, PNG);
    expect(first.statusCode, first.body).toBe(200);
    const firstPix = first.json<{ data: User }>().data.profilePix ?? '';
    expect(firstPix).toMatch(/^\/uploads\/avatars\/[0-9a-f]{32}\.png$/);
    const file = path.join(kit.config.DATA_DIR, firstPix);
    expect(readFileSync(file)).toEqual(PNG);
    const served = await kit.app.inject({ method: 'GET', url: firstPix });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(PNG);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const second = await put(user.id, token, PNG);
    expect(second.json<{ data: User }>().data.profilePix).not.toBe(firstPix);
    expect(existsSync(file)).toBe(false);

    const wrongBytes = await put(user.id, token, PNG, 'image/jpeg');
    expect(wrongBytes.statusCode).toBe(400);
    expect(wrongBytes.json()).toEqual({ message: 'The picture must be a PNG, JPEG, WebP or GIF image.' });
    const tooLarge = await put(user.id, token, Buffer.concat([PNG, Buffer.alloc(PROFILE_PICTURE_MAX_BYTES)]));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ message: 'The picture must be 2 MB or smaller.' });
    for (const type of ['text/plain', 'application/json']) {
      const unsupported = await put(user.id, token, Buffer.from('{}'), type);
      expect(unsupported.statusCode, type).toBe(415);
      expect(unsupported.json()).toEqual({ message: 'The picture must be a PNG, JPEG, WebP or GIF image.' });
    }
    const other = await kit.register();
    expect((await put(user.id, other.token, PNG)).statusCode).toBe(403);
    expect((await kit.app.inject({ method: 'GET', url: '/uploads/avatars/missing.png' })).statusCode).toBe(404);
  });

  it('parallel picture uploads leave the profile on the newest file, which exists, and only that file', async () => {
    const { user, token } = await kit.register();
    // Rounds, because an interleaving that breaks it (ids taken in one order, committed in the other) is rare.
    for (let round = 0; round < 4; round += 1) {
      const answers = await Promise.all(Array.from({ length: 8 }, () => put(user.id, token, PNG)));
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 8 }, () => 200));
      const rows = await kit.database.db.select().from(media).where(eq(media.ownerUserId, user.id));
      expect(rows).toHaveLength(1);
      const [profile] = await kit.database.db.select({ profilePix: users.profilePix }).from(users).where(eq(users.id, user.id));
      expect(profile?.profilePix).toBe(`/uploads/${rows[0]?.fileName}`);
      expect((await kit.app.inject({ method: 'GET', url: profile?.profilePix ?? '' })).statusCode).toBe(200);
      const replaced = answers.map((answer) => answer.json<{ data: User }>().data.profilePix ?? '').filter((pix) => pix !== profile?.profilePix);
      for (const pix of replaced) expect(existsSync(path.join(kit.config.DATA_DIR, pix)), pix).toBe(false);
    }
  });

  it("profilePix is not writable: B cannot point at A's picture and get it deleted by an upload", async () => {
    const a = await kit.register();
    const b = await kit.register();
    const aPix = (await put(a.user.id, a.token, PNG)).json<{ data: User }>().data.profilePix ?? '';
    const hijack = await kit.call('PUT', `/v1/user/${b.user.id}`, b.token, { profilePix: aPix, avatar: aPix });
    expect(hijack.statusCode).toBe(200);
    expect(hijack.json<{ data: User }>().data).toMatchObject({ profilePix: null, avatar: null });
    // Even with the column forced to A's file, B's upload deletes only B's own files.
    await kit.database.db.update(users).set({ profilePix: aPix }).where(eq(users.id, b.user.id));
    expect((await put(b.user.id, b.token, PNG)).statusCode).toBe(200);
    expect(existsSync(path.join(kit.config.DATA_DIR, aPix))).toBe(true);
    expect((await kit.app.inject({ method: 'GET', url: aPix })).statusCode).toBe(200);
    const rows = await kit.database.db.select().from(media).where(eq(media.ownerUserId, a.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'profile-picture', contentType: 'image/png', byteSize: PNG.length, fileName: aPix.replace('/uploads/', '') });
  });

  it('serves a GIF/HTML polyglot as an image that cannot run: its type, nosniff, a sandboxing CSP', async () => {
    const { user, token } = await kit.register();
    const polyglot = Buffer.from('GIF89a<html><body><script>alert(document.cookie)</script></body></html>', 'latin1');
    const uploaded = await put(user.id, token, polyglot, 'image/gif');
    expect(uploaded.statusCode).toBe(200);
    const url = uploaded.json<{ data: User }>().data.profilePix ?? '';
    const served = await kit.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/gif');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    // Only names the server gives are served, whatever else lies in the folder.
    for (const other of ['/uploads/avatars/../secrets.json', '/uploads/x.html', `${url}.html`]) {
      expect((await kit.app.inject({ method: 'GET', url: other })).statusCode, other).toBe(404);
    }
  });

  it('finds a user by e-mail, showing only public fields', async () => {
    const { user, token } = await kit.register();
    const found = await kit.call('POST', '/v1/users/find', token, { email: user.email });
    expect(found.json()).toEqual({
      message: 'OK',
      data: { id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email, profilePix: null },
    });
    const missing = await kit.call('POST', '/v1/users/find', token, { email: uniqueEmail('nobody') });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'No user found with that email' });
  });

  it('grantRole (the grant-role CLI) gives a role once', async () => {
    const { user } = await kit.register();
    expect((await grantRole(kit.database.db, user.email.toUpperCase(), ROLE.SOVEREIGN)).userroles).toEqual([{ roleId: ROLE.SOVEREIGN }]);
    expect((await grantRole(kit.database.db, user.email, ROLE.SOVEREIGN)).userroles).toEqual([{ roleId: ROLE.SOVEREIGN }]);
    await expect(grantRole(kit.database.db, uniqueEmail('nobody'), 1)).rejects.toThrow('User not found');
  });
});
