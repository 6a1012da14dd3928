/**
 * Builds with an external build engine (BUILD_ENGINE_URL) on PGlite and PostgreSQL: the server
 * listens on a port, hands the native project to the test engine with a signed link and a
 * callback, and the store binaries come back by a signed webhook or by polling; forged and stale
 * webhooks are refused; an engine that never answers fails the build with ENGINE_TIMEOUT.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE_SIGNATURE_HEADER } from '@contract/builds/paths';
import { BUILD_MESSAGES, type Build } from '@contract/builds/schemas';
import type { AuthResult } from '@contract/auth/schemas';
import { signEngineRequest } from '../../server/src/modules/builds/engine';
import { startTestEngine, TEST_ENGINE_MESSAGES } from '../../server/src/modules/builds/sandbox/engine-server';
import { installShell, order, readyShop, waitForBuild } from './build-kit';
import { databaseKinds, freePort, removeTempDirs } from './harness';
import { useApp } from './kit';

const kinds = await databaseKinds();
afterAll(removeTempDirs);

const SECRET = 'engine-secret-for-the-tests-0123456789';
// The engine reaches the server over HTTP: each app listens on a port known before its config is made.
const engine = await startTestEngine({ secret: SECRET, delayMs: 100 });
const ports = new Map(await Promise.all(kinds.map(async (kind) => [kind, await freePort()] as const)));
afterAll(() => engine.close());

describe.each(kinds)('builds with an external engine on %s', (kind) => {
  const port = ports.get(kind)!;
  const kit = useApp(kind, {
    jobs: true,
    prepare: installShell,
    env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, BUILD_ENGINE_URL: engine.url, BUILD_ENGINE_SECRET: SECRET, ENGINE_TIMEOUT: '3' },
    buildPipeline: { enginePollMs: 300 },
  });
  beforeAll(async () => {
    await kit.app.listen({ port, host: '127.0.0.1' });
  });

  /** The engine job of a build of this app (the engine serves both databases' apps, whose build ids overlap). */
  const jobOf = (buildId: number) =>
    [...engine.jobs.values()].find((item) => item.submission.buildId === buildId && item.submission.callbackUrl.startsWith(kit.config.PUBLIC_ORIGIN))!;
  const dataOf = (response: { json: <T>() => T }) => response.json<{ data: Build }>().data;
  let owner: AuthResult;

  async function build(mode: Parameters<typeof engine.setMode>[0]): Promise<Build> {
    engine.setMode(mode);
    owner = await kit.register();
    const shop = await readyShop(kit, owner);
    const placed = dataOf(await order(kit, owner.token, shop.alias));
    expect(placed.remote).toBe(true);
    return waitForBuild(kit, owner.token, shop.alias, placed.id, undefined, 20_000);
  }

  const postWebhook = (body: string, signature: string) =>
    fetch(`${kit.config.PUBLIC_ORIGIN}/v1/builds/engine/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [ENGINE_SIGNATURE_HEADER]: signature },
      body,
    });

  it('the engine builds the store binaries and its signed webhook brings them back: APK, AAB and IPA delivered like the others', async () => {
    const done = await build('webhook');
    expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
    expect(done.stages.map((stage) => stage.name)).toContain('remote_building');
    expect(done.stages.find((stage) => stage.name === 'remote_building')?.logs.some((log) => log.line.startsWith('Handed to the build engine'))).toBe(true);
    expect(done.artifacts.map((artifact) => artifact.kind).sort()).toEqual(['android-aab', 'android-apk', 'ios-ipa', 'native-project', 'web-app']);
    const apk = done.artifacts.find((artifact) => artifact.kind === 'android-apk')!;
    const download = await fetch(apk.url!);
    expect(download.status).toBe(200);
    expect((await download.arrayBuffer()).byteLength).toBe(apk.size);
    const [mail] = kit.mails(owner.user.email).filter((item) => item.subject.includes('is built'));
    expect(mail!.links.filter((link) => link.includes('/v1/builds/artifacts/'))).toHaveLength(5);
    // The engine fetched the project through its signed link.
    const job = jobOf(done.id);
    expect(job.sourceBytes).toBe(done.artifacts.find((artifact) => artifact.kind === 'native-project')!.size);
  });

  it('polling brings the result when no webhook comes', async () => {
    const done = await build('poll-only');
    expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
    expect(done.artifacts.some((artifact) => artifact.kind === 'ios-ipa')).toBe(true);
  });

  it('an engine failure and a refusal fail the build with their code and the engine’s words', async () => {
    const failed = await build('fail');
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'ENGINE_FAILED', ourFault: true } });
    expect(failed.error?.message).toContain(TEST_ENGINE_MESSAGES.failed);
    const refused = await build('refuse');
    expect(refused).toMatchObject({ status: 'failed', error: { code: 'ENGINE_REFUSED', ourFault: false } });
    expect(refused.error?.message).toContain(TEST_ENGINE_MESSAGES.refused);
  });

  it('an engine that never answers fails the build with ENGINE_TIMEOUT and nothing is left running', async () => {
    const timedOut = await build('silent');
    expect(timedOut).toMatchObject({ status: 'failed', error: { code: 'ENGINE_TIMEOUT', ourFault: true } });
    const [row] = (await kit.database.executeSql('SELECT lease_owner FROM builds WHERE id = $1', [timedOut.id])).rows as { lease_owner: string | null }[];
    expect(row?.lease_owner).toBeNull();
  });

  it('webhooks: forged, re-signed and stale ones are refused, an unknown job is 404, a good one for a finished build changes nothing', async () => {
    const body = JSON.stringify({ jobId: 'no-such-job', status: 'succeeded' });
    const forged = await postWebhook(body, signEngineRequest('another-secret-0123456789', body));
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { message: string }).message).toBe(BUILD_MESSAGES.webhookSignature);
    const resigned = await postWebhook(JSON.stringify({ jobId: 'no-such-job', status: 'failed' }), signEngineRequest(SECRET, body));
    expect(resigned.status).toBe(403);
    const stale = await postWebhook(body, signEngineRequest(SECRET, body, Math.floor(Date.now() / 1000) - 3600));
    expect(stale.status).toBe(403);
    expect(((await stale.json()) as { message: string }).message).toBe(BUILD_MESSAGES.webhookStale);
    expect((await postWebhook(body, '')).status).toBe(403);
    expect((await postWebhook(body, signEngineRequest(SECRET, body))).status).toBe(404);
    const garbage = 'not json';
    expect((await postWebhook(garbage, signEngineRequest(SECRET, garbage))).status).toBe(400);

    const done = await build('webhook');
    const job = jobOf(done.id);
    const late = JSON.stringify({ jobId: job.jobId, status: 'failed', message: 'late and wrong' });
    expect((await postWebhook(late, signEngineRequest(SECRET, late))).status).toBe(200);
    const after = dataOf(await kit.call('GET', `/v1/shops/${done.shopAlias}/builds/${done.id}`, owner.token));
    expect(after.status).toBe('succeeded');
  });
});
