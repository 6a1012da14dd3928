/** Pure helpers of the server: roles, credentials, tokens, validation messages, static rules. */
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_PREFIX, apiPath, fillPath } from '@contract/api';
import { PLAN_PATHS } from '@contract/plans/paths';
import { ROLE } from '@contract/constants';
import { USER_PATHS } from '@contract/users/paths';
import { clientCredentialCheck, isClientCredential, parseAuthorization } from '../../server/src/auth/credentials';
import { hasRole } from '@contract/users/roles';
import { signUserToken, verifyUserToken } from '../../server/src/auth/tokens';
import { redactUrl } from '../../server/src/config';
import { JSON_LIMITS, nestedDeeperThan } from '../../server/src/http/json-limits';
import { validateRequestPart } from '../../server/src/http/validation';
import { loggerOptions } from '../../server/src/logger';
import { isRoomName } from '../../server/src/realtime/socket';
import { staleReason } from '../../server/src/web/build';
import { cacheControlFor, isAppRoute, isHashedFile, renderIndexHtml } from '../../server/src/web/paths';
import { removeTempDirs, tempDir } from './harness';

afterAll(removeTempDirs);

describe('hasRole', () => {
  it('is true only when the user holds that roleId', () => {
    expect(hasRole({ userroles: [{ roleId: 3 }, { roleId: ROLE.SOVEREIGN }] }, ROLE.SOVEREIGN)).toBe(true);
    expect(hasRole({ userroles: [{ roleId: 3 }] }, ROLE.SOVEREIGN)).toBe(false);
    expect(hasRole({ userroles: [] }, ROLE.SOVEREIGN)).toBe(false);
    expect(hasRole(null, ROLE.SOVEREIGN)).toBe(false);
  });
});

describe('Authorization header', () => {
  it('parses Basic and Bearer, case-insensitively, and nothing else', () => {
    expect(parseAuthorization(`Basic ${Buffer.from('id:secret').toString('base64')}`)).toEqual({ scheme: 'basic', credential: 'id:secret' });
    expect(parseAuthorization('bearer abc.def.ghi')).toEqual({ scheme: 'bearer', token: 'abc.def.ghi' });
    expect(parseAuthorization('Digest abc')).toBeNull();
    expect(parseAuthorization('Bearer')).toBeNull();
    expect(parseAuthorization('Bearer a b')).toBeNull();
    expect(parseAuthorization(undefined)).toBeNull();
  });

  it('compares the client credential exactly', () => {
    expect(isClientCredential('portal:abc', 'portal:abc')).toBe(true);
    expect(isClientCredential('portal:abd', 'portal:abc')).toBe(false);
    expect(isClientCredential('portal:ab', 'portal:abc')).toBe(false);
    expect(isClientCredential('', 'portal:abc')).toBe(false);
  });

  it('checks an Authorization header for the client credential, as the portal spells it or otherwise', () => {
    const isClient = clientCredentialCheck('portal:abc');
    const base64 = Buffer.from('portal:abc').toString('base64');
    expect(isClient(`Basic ${base64}`)).toBe(true);
    expect(isClient(`basic  ${base64} `)).toBe(true);
    expect(isClient(`Basic ${Buffer.from('portal:abd').toString('base64')}`)).toBe(false);
    expect(isClient(`Basic ${Buffer.from('portal:ab').toString('base64')}`)).toBe(false);
    // As long as the usual header, in other bytes: compared, not thrown on.
    expect(isClient(`Basic ${'é'.repeat(base64.length)}`)).toBe(false);
    expect(isClient(`Bearer ${base64}`)).toBe(false);
    expect(isClient('')).toBe(false);
    expect(isClient(undefined)).toBe(false);
  });
});

describe('user tokens', () => {
  const config = { JWT_SECRET: 'a-secret-of-at-least-thirty-two-characters', JWT_TTL_SECONDS: 3600 };

  it('round-trips the user id', async () => {
    // issuedAt is in whole seconds: it lies between the second the signing started in and the one it ended in.
    const before = Math.floor(Date.now() / 1000);
    const session = await verifyUserToken(config, await signUserToken(config, 42, 0));
    const after = Math.ceil(Date.now() / 1000);
    expect(session?.userId).toBe(42);
    expect(session?.issuedAt).toBeGreaterThanOrEqual(before);
    expect(session?.issuedAt).toBeLessThanOrEqual(after);
  });

  it('rejects expired tokens, other secrets and garbage', async () => {
    expect(await verifyUserToken(config, await signUserToken(config, 42, 0, -1))).toBeNull();
    expect(await verifyUserToken({ JWT_SECRET: `${config.JWT_SECRET}!` }, await signUserToken(config, 42, 0))).toBeNull();
    expect(await verifyUserToken(config, 'abc')).toBeNull();
  });
});

describe('validation messages', () => {
  const schema = z.object({ email: z.string(), tags: z.array(z.string()).min(1), kind: z.enum(['a', 'b']), name: z.string().min(3).max(5) });

  it('names the field and says what is wrong', () => {
    const result = validateRequestPart(schema, { email: 1, tags: [], kind: 'c', name: 'toolong' }, 'body');
    expect(result.error?.message).toBe('email must be a string. tags must have at least 1 items. kind must be one of "a", "b".');
    expect(result.error?.statusCode).toBe(400);
  });

  it('describes nested paths, lengths and request parts', () => {
    expect(validateRequestPart(z.object({ a: z.object({ b: z.number() }) }), { a: { b: 'x' } }, 'body').error?.message).toBe('a.b must be a number');
    expect(validateRequestPart(schema.shape.name, 'ab', 'params').error?.message).toBe('The path must be at least 3 characters');
    expect(validateRequestPart(z.object({ id: z.coerce.number().int() }), { id: '1.5' }, 'params').error?.message).toBe('Path parameter id must be an integer');
  });

  it("keeps a schema's own message (the contract's field messages reach the user)", () => {
    const email = z.object({ email: z.string().email('Please enter a valid email address') });
    expect(validateRequestPart(email, { email: 'nope' }, 'body').error?.message).toBe('Please enter a valid email address');
  });

  it('returns the parsed value on success', () => {
    expect(validateRequestPart(z.object({ n: z.coerce.number() }), { n: '4' }, 'querystring')).toEqual({ value: { n: 4 } });
  });
});

describe('static portal rules', () => {
  it('treats extensionless non-API paths as app routes', () => {
    for (const route of ['/', '/pricing', '/templates/12/edit', '/apps/my-shop/public', '/new-app']) expect(isAppRoute(route), route).toBe(true);
    for (const route of ['/v1', '/v1/plans', '/healthz', '/socket.io/', '/uploads/logo', '/favicon.ico', '/assets/a.js']) {
      expect(isAppRoute(route), route).toBe(false);
    }
    // Only the exact prefixes belong to the server.
    expect(isAppRoute('/v1beta')).toBe(true);
  });

  it('picks cache headers by file', () => {
    expect(cacheControlFor('assets/index-abc.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('catalogue/products/aurora-earbuds.1a2b3c4d.webp')).toBe('public, max-age=31536000, immutable');
    for (const file of ['index.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js', 'workbox-1a2b.js'])
      expect(cacheControlFor(file), file).toBe('no-cache');
    expect(cacheControlFor('icons/icon-192.png')).toBe('public, max-age=3600');
    for (const url of ['/assets/index-abc.js', '/catalogue/products/aurora-earbuds.1a2b3c4d.webp']) expect(isHashedFile(url), url).toBe(true);
    for (const url of ['/sw.js', '/', '/assets', '/templates', '/icons/icon-192.png', '/x/assets/a.js']) expect(isHashedFile(url), url).toBe(false);
  });

  it('fills the credential into index.html, escaped, adding the tag when missing', () => {
    const html = '<head><meta name="portal-client-credential" content=""></head>';
    expect(renderIndexHtml(html, 'id:s"<x>&')).toBe(
      '<head><meta name="portal-client-credential" content="id:s&quot;&lt;x&gt;&amp;" />  <meta name="portal-facebook-app-id" content="" />\n  </head>',
    );
    expect(renderIndexHtml('<html><head><title>x</title></head></html>', 'id:s')).toContain(
      '<meta name="portal-client-credential" content="id:s" />\n    <meta name="portal-facebook-app-id" content="" />\n  </head>',
    );
  });

  it('fills the Facebook app id the same way, empty when unset', () => {
    const html = '<head><meta name="portal-client-credential" content=""><meta name="portal-facebook-app-id" content=""></head>';
    expect(renderIndexHtml(html, 'id:s', '12&34')).toBe(
      '<head><meta name="portal-client-credential" content="id:s" /><meta name="portal-facebook-app-id" content="12&amp;34" /></head>',
    );
    expect(renderIndexHtml('<head></head>', 'id:s')).toContain('<meta name="portal-facebook-app-id" content="" />\n  </head>');
  });
});

describe('nestedDeeperThan', () => {
  it('counts arrays and objects inside each other, not brackets in strings or escaped quotes', () => {
    expect(nestedDeeperThan('{"a":[1,{"b":[]}]}', 4)).toBe(false);
    expect(nestedDeeperThan('{"a":[1,{"b":[]}]}', 3)).toBe(true);
    expect(nestedDeeperThan('[[],[],[],[]]', 2)).toBe(false);
    expect(nestedDeeperThan('{"t":"[[[[{{{{"}', 1)).toBe(false);
    expect(nestedDeeperThan('{"t":"\\\\","u":[[]]}', 2)).toBe(true);
    expect(nestedDeeperThan('{"t":"\\\\","u":[]}', 2)).toBe(false);
    expect(nestedDeeperThan('{"t":"say \\"[[\\" [", "u":[[]]}', 2)).toBe(true);
    expect(nestedDeeperThan('{"t":"say \\"[[\\" [", "u":[]}', 2)).toBe(false);
    expect(nestedDeeperThan(`${'['.repeat(JSON_LIMITS.depth)}${']'.repeat(JSON_LIMITS.depth)}`)).toBe(false);
    expect(nestedDeeperThan(`${'['.repeat(JSON_LIMITS.depth + 1)}${']'.repeat(JSON_LIMITS.depth + 1)}`)).toBe(true);
    // A million levels: one pass, no recursion.
    expect(nestedDeeperThan('['.repeat(1_000_000))).toBe(true);
  });
});

describe('staleReason', () => {
  function repo(): { root: string; dist: string } {
    const root = tempDir('portal-repo-');
    mkdirSync(path.join(root, 'src', 'routes'), { recursive: true });
    writeFileSync(path.join(root, 'src', 'routes', 'index.tsx'), 'export {}');
    writeFileSync(path.join(root, 'vite.config.ts'), 'export default {}');
    return { root, dist: path.join(root, 'dist') };
  }

  function setTime(file: string, secondsAgo: number): void {
    const time = new Date(Date.now() - secondsAgo * 1000);
    utimesSync(file, time, time);
  }

  it('asks for a build when dist/index.html is missing', () => {
    const { root, dist } = repo();
    expect(staleReason(root, dist)).toBe('dist/index.html is missing');
  });

  it('is fresh when the build is newer than every input, stale when a source changed after', () => {
    const { root, dist } = repo();
    mkdirSync(dist);
    writeFileSync(path.join(dist, 'index.html'), '<html></html>');
    setTime(path.join(root, 'src', 'routes', 'index.tsx'), 60);
    setTime(path.join(root, 'vite.config.ts'), 60);
    setTime(path.join(dist, 'index.html'), 30);
    expect(staleReason(root, dist)).toBeNull();
    setTime(path.join(root, 'src', 'routes', 'index.tsx'), 10);
    expect(staleReason(root, dist)).toBe(`${path.join('src', 'routes', 'index.tsx')} changed since the last build`);
  });

  it('is stale when the shared contract changed after the build', () => {
    const { root, dist } = repo();
    mkdirSync(dist);
    mkdirSync(path.join(root, 'contract'));
    writeFileSync(path.join(dist, 'index.html'), '<html></html>');
    writeFileSync(path.join(root, 'contract', 'brand.ts'), 'export {}');
    for (const file of [path.join(root, 'src', 'routes', 'index.tsx'), path.join(root, 'vite.config.ts')]) setTime(file, 60);
    setTime(path.join(dist, 'index.html'), 30);
    setTime(path.join(root, 'contract', 'brand.ts'), 10);
    expect(staleReason(root, dist)).toBe(`${path.join('contract', 'brand.ts')} changed since the last build`);
  });
});

describe('misc', () => {
  it('accepts room names of 1 to 200 characters', () => {
    expect(isRoomName('user:12')).toBe(true);
    expect(isRoomName('support-12')).toBe(false);
    expect(isRoomName('')).toBe(false);
    expect(isRoomName('   ')).toBe(false);
    expect(isRoomName('x'.repeat(201))).toBe(false);
    expect(isRoomName(12)).toBe(false);
  });

  it('redacts the password of a connection string', () => {
    expect(redactUrl('postgres://app:s3cret@db:5432/portal')).toBe('postgres://app:***@db:5432/portal');
    expect(redactUrl('postgres://postgres@127.0.0.1:5432/test')).toBe('postgres://postgres@127.0.0.1:5432/test');
  });

  it('the logger censors credentials and passwords', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: { ...loggerOptions({ LOG_LEVEL: 'info' }), stream: { write: (line: string) => lines.push(line) } } });
    app.log.info({ req: { headers: { authorization: 'Basic c2VjcmV0', cookie: 'sid=1' } } }, 'request');
    app.log.info({ body: { email: 'a@b.co', password: 'hunter2', confirmPassword: 'hunter2' } }, 'register');
    app.log.info({ user: { passwordHash: '$argon2id$x' }, token: 'eyJhbGciOi' }, 'session');
    await app.close();
    const output = lines.join('');
    for (const secret of ['c2VjcmV0', 'sid=1', 'hunter2', '$argon2id$x', 'eyJhbGciOi']) expect(output).not.toContain(secret);
    expect(output).toContain('a@b.co');
    expect(output).toContain('[redacted]');
  });
});

describe('contract paths', () => {
  it('fillPath puts URL-encoded values into :params, and apiPath puts a path under API_PREFIX', () => {
    expect(fillPath(USER_PATHS.update, { userId: 5 })).toBe('/user/5');
    expect(fillPath('/shops/:alias/media/:id', { alias: 'a b/c', id: 'x?y' })).toBe('/shops/a%20b%2Fc/media/x%3Fy');
    expect(apiPath(PLAN_PATHS.plans)).toBe(`${API_PREFIX}/plans`);
    expect(() => fillPath('/user/:userId', {} as { userId: number })).toThrow(/no value for :userId/);
  });
});
