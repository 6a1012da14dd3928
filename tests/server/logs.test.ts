/**
 * What the logs keep: access lines without the values of token-like query parameters, errors
 * without the parameters of a failed query; readable lines in a terminal, JSON otherwise.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { REDACTED, isQuietRequest, lazyChildLogger, loggerOptions, redactQuery, serializeError } from '../../server/src/logger';
import { basicAuth, captureLogs, openFreshDatabase, removeTempDirs, startApp, testConfig } from './harness';

afterAll(removeTempDirs);

describe('access logs', () => {
  it('keep the path and harmless parameters, never a token, code, state or password', async () => {
    const database = await openFreshDatabase('pglite');
    const logs = captureLogs();
    const app = await startApp(database, { config: testConfig({ LOG_LEVEL: 'info' }), log: logs.options });
    try {
      const secrets = ['s3cr3t-reset', 'oauth-c0de', 'st4te', 'hunter2'];
      await app.inject({ method: 'GET', url: `/password/reset?token=${secrets[0]}&lang=en` });
      await app.inject({ method: 'GET', url: `/v1/oauth/callback?code=${secrets[1]}&state=${secrets[2]}` });
      await app.inject({ method: 'GET', url: `/email/verify?Token=${secrets[0]}&newPassword=${secrets[3]}` });
      const text = logs.text();
      for (const secret of secrets) expect(text).not.toContain(secret);
      const urls = logs
        .lines()
        .map((line) => (line.req as { url?: string } | undefined)?.url)
        .filter(Boolean);
      expect(urls).toContain(`/password/reset?token=${REDACTED}&lang=en`);
      expect(urls).toContain(`/v1/oauth/callback?code=${REDACTED}&state=${REDACTED}`);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('are one line per public read, when answered (request, status, time); two for other calls', async () => {
    const database = await openFreshDatabase('pglite');
    const logs = captureLogs();
    const app = await startApp(database, { config: testConfig({ LOG_LEVEL: 'info' }), log: logs.options });
    try {
      // The first read builds the answer, the second is sent from the cache's hook.
      for (let read = 0; read < 2; read += 1)
        expect((await app.inject({ method: 'GET', url: '/v1/plans', headers: { authorization: basicAuth() } })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/v1/user/me' })).statusCode).toBe(401);
      const byRequest = new Map<unknown, Array<Record<string, unknown>>>();
      for (const line of logs.lines().filter((line) => line.reqId !== undefined)) byRequest.set(line.reqId, [...(byRequest.get(line.reqId) ?? []), line]);
      const requests = [...byRequest.values()];
      expect(requests).toHaveLength(3);
      for (const lines of requests.slice(0, 2)) {
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatchObject({ msg: 'request completed', req: { method: 'GET', url: '/v1/plans' }, res: { statusCode: 200 } });
        expect(lines[0]?.responseTime).toEqual(expect.any(Number));
      }
      expect(requests[2]?.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
      expect(requests[2]?.[1]).toMatchObject({ res: { statusCode: 401 } });
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('make no request logger for a read answered from memory, and one with the request id and the redact paths once something logs', async () => {
    const database = await openFreshDatabase('pglite');
    const logs = captureLogs();
    const app = await startApp(database, {
      config: testConfig({ LOG_LEVEL: 'info' }),
      log: logs.options,
      configure: (instance) => {
        instance.get('/v1/logs-lazily', { childLoggerFactory: lazyChildLogger }, (request) => {
          request.log.info({ password: 'hunter2' }, 'logged by the handler');
          return { logged: true };
        });
      },
    });
    try {
      const read = () => app.inject({ method: 'GET', url: '/v1/plans', headers: { authorization: basicAuth() } });
      // The first read builds the answer (and AccessLog its own logger, once).
      for (let round = 0; round < 2; round += 1) expect((await read()).statusCode).toBe(200);
      const child = vi.spyOn(app.log, 'child');
      expect((await read()).statusCode).toBe(200);
      expect(child).not.toHaveBeenCalled();

      expect((await app.inject({ method: 'GET', url: '/v1/logs-lazily' })).statusCode).toBe(200);
      expect(child).toHaveBeenCalledTimes(1);
      const handlerLine = logs.lines().find((line) => line.msg === 'logged by the handler');
      const incomingLine = logs
        .lines()
        .find((line) => line.msg === 'incoming request' && (line.req as { url?: string } | undefined)?.url === '/v1/logs-lazily');
      expect(handlerLine).toMatchObject({ password: REDACTED, reqId: incomingLine?.reqId });
      expect(logs.text()).not.toContain('hunter2');
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('redactQuery leaves URLs without secrets alone', () => {
    expect(redactQuery('/pricing')).toBe('/pricing');
    expect(redactQuery('/?ref=abc')).toBe('/?ref=abc');
    expect(redactQuery('/x?access_token=a&b=2&flag')).toBe(`/x?access_token=${REDACTED}&b=2&flag`);
  });
});

describe('error logs', () => {
  it("drop a failed query's parameters and details, keeping its SQL and code", () => {
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
      detail: 'Key (email)=(ada@example.com)',
      where: 'x',
    });
    const wrapped = Object.assign(new Error('Failed query: insert into "users" ("password_hash") values ($1)\nparams: $argon2id$v=19$m=19456$abc'), {
      query: 'insert into "users" ("password_hash") values ($1)',
      params: ['$argon2id$v=19$m=19456$abc'],
      cause,
    });
    const serialized = JSON.stringify(serializeError(wrapped));
    expect(serialized).not.toContain('$argon2');
    expect(serialized).not.toContain('ada@example.com');
    expect(serialized).toContain('insert into');
    expect(serialized).toContain('22021');
  });
});

describe('log format', () => {
  it('is readable (pino-pretty) in a terminal and JSON otherwise; a terminal skips static files', () => {
    const config = { LOG_LEVEL: 'info' as const };
    expect(loggerOptions(config, { pretty: true })).toMatchObject({ transport: { target: 'pino-pretty' } });
    expect(loggerOptions(config, { pretty: false })).not.toHaveProperty('transport');
    expect(isQuietRequest('/assets/index-1.js')).toBe(true);
    expect(isQuietRequest('/v1/plans')).toBe(false);
    expect(isQuietRequest('/uploads/avatars/x.png')).toBe(false);
  });
});
