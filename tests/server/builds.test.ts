/**
 * Builds (issue 31) through HTTP on PGlite and PostgreSQL: an order goes through every stage to
 * an installable web app and a native project, delivered by e-mail with signed links; one active
 * build per app; who may order; an incomplete shop or a shop without a plan refused before
 * queueing; a merchant's mistake fails with its code, our own fault is retried then fails;
 * cancelling mid-stage; links tampered and expired.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILD_MESSAGES, type Build } from '@contract/builds/schemas';
import { SHOP_SETUP_MESSAGES } from '@contract/shops/setup-checks';
import type { Notification } from '@contract/notifications/schemas';
import { buildArtifacts, realtimeNodes, shops } from '../../server/src/db/schema';
import { makeNativeProject } from '../../server/src/modules/builds/artifacts/native-project';
import { sampleCatalogueForApp } from '../../server/src/modules/builds/artifacts/sample-catalogue-for-app';
import { unzipFiles } from '../../server/src/modules/builds/artifacts/zip';
import { artifactUrl } from '../../server/src/modules/builds/links';
import { buildsPath, installShell, order, readyShop, waitForBuild } from './build-kit';
import { databaseKinds, removeTempDirs } from './harness';
import { PNG, useApp } from './kit';
import { joinShop } from './team-kit';

const kinds = await databaseKinds();
afterAll(removeTempDirs);

/** A maker that fails the first `times` calls (our fault), and one that waits (to cancel mid-stage). */
const failing = { times: 0, calls: 0 };
const slow = { ms: 0 };

describe.each(kinds)('builds on %s', (kind) => {
  const kit = useApp(kind, {
    jobs: true,
    prepare: installShell,
    buildPipeline: {
      makers: {
        nativeProject: async (input, icons) => {
          failing.calls += 1;
          if (failing.calls <= failing.times) throw new Error('disk full (injected)');
          if (slow.ms) await new Promise((resolve) => setTimeout(resolve, slow.ms));
          return makeNativeProject(input, icons, sampleCatalogueForApp(input));
        },
      },
    },
  });

  const dataOf = (response: { json: <T>() => T }) => response.json<{ data: Build }>().data;
  const pathOf = (url: string) => {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  };

  it('an order goes through every stage to a web app and a native project, e-mailed with signed links, with an app-build notification', async () => {
    const owner = await kit.register();
    const shop = await readyShop(kit, owner);
    const ordered = await order(kit, owner.token, shop.alias);
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(ordered.json<{ message: string }>().message).toBe(BUILD_MESSAGES.ordered);
    const placed = dataOf(ordered);
    expect(placed).toMatchObject({ number: 1, status: 'queued', creationVersion: 0, release: { version: '3.2.0' }, remote: false, queuePosition: 1 });

    const build = await waitForBuild(kit, owner.token, shop.alias, placed.id);
    expect(build.status, JSON.stringify(build.error)).toBe('succeeded');
    expect(build.progress).toBe(100);
    expect(build.stages.map((stage) => [stage.name, stage.state])).toEqual([
      ['queued', 'done'],
      ['validating', 'done'],
      ['generating', 'done'],
      ['packaging', 'done'],
      ['delivering', 'done'],
    ]);
    for (const stage of build.stages) {
      expect(stage.startedAt).not.toBeNull();
      expect(stage.finishedAt).not.toBeNull();
      expect(stage.logs.length).toBeGreaterThan(0);
    }
    expect(build.artifacts.map((artifact) => artifact.kind).sort()).toEqual(['native-project', 'web-app']);
    expect(build.webAppUrl).toBe(`${kit.config.PUBLIC_ORIGIN}/shops/${shop.alias}/app/`);

    // The e-mail lists each artifact with its size and a signed link that downloads it.
    const [mail] = kit.mails(owner.user.email).filter((item) => item.subject.includes('is built'));
    expect(mail, 'delivery e-mail').toBeDefined();
    expect(mail!.links).toContain(build.webAppUrl);
    const downloads = mail!.links.filter((link) => link.includes('/v1/builds/artifacts/'));
    expect(downloads).toHaveLength(2);
    expect(mail!.text).toMatch(/Native project \(Expo, zip\), \d+(\.\d)? kB/);

    const files = new Map<string, Map<string, Uint8Array>>();
    for (const link of downloads) {
      const response = await kit.app.inject({ method: 'GET', url: pathOf(link) });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/zip');
      const bytes = response.rawPayload;
      const artifact = build.artifacts.find((item) => link.includes(`/artifacts/${item.id}/`))!;
      expect(bytes.length).toBe(artifact.size);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(artifact.sha256);
      files.set(artifact.kind, unzipFiles(new Uint8Array(bytes)));
    }

    // The web app: its manifest names the shop and carries the Creation's colours; its icons are real PNGs.
    const web = files.get('web-app')!;
    const manifest = JSON.parse(Buffer.from(web.get('manifest.webmanifest')!).toString()) as Record<string, unknown> & {
      icons: { sizes: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ name: shop.name, display: 'standalone' });
    expect(manifest.theme_color).toMatch(/^#[0-9A-Fa-f]{6}$/);
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort()).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
    expect(web.has('sw.js')).toBe(true);
    expect(web.has('index.html')).toBe(true);

    // The native project: app.json with the shop's name, package and bundle id; eas.json.
    const native = files.get('native-project')!;
    const appJson = JSON.parse(Buffer.from(native.get('app.json')!).toString()) as {
      expo: Record<string, unknown> & { android: { package: string }; ios: { bundleIdentifier: string } };
    };
    expect(appJson.expo.name).toBe(shop.name);
    expect(appJson.expo.android.package).toMatch(/^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/);
    expect(appJson.expo.ios.bundleIdentifier).toMatch(/^[A-Za-z0-9.-]+$/);
    expect(native.has('eas.json')).toBe(true);

    // The web app is served at once at its address.
    const page = await kit.app.inject({ method: 'GET', url: `/shops/${shop.alias}/app/` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(shop.name);

    const notifications = (await kit.call('GET', '/v1/portal/notifications/list?type=app-build', owner.token)).json<{ data: Notification[] }>().data;
    expect(notifications[0]).toMatchObject({ type: 'app-build', meta: { shopAlias: shop.alias } });
  });

  it('one active build per app: a second order is 409, the same key twice is one build, and parallel orders make one', async () => {
    failing.times = 0;
    slow.ms = 1500;
    const owner = await kit.register();
    const shop = await readyShop(kit, owner);
    const answers = await Promise.all([order(kit, owner.token, shop.alias, 'same-key'), order(kit, owner.token, shop.alias, 'same-key')]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(dataOf(answers[0]!).id).toBe(dataOf(answers[1]!).id);
    const second = await order(kit, owner.token, shop.alias, 'another-key');
    expect(second.statusCode).toBe(409);
    expect(second.json<{ message: string }>().message).toBe(BUILD_MESSAGES.alreadyBuilding);
    const parallel = await Promise.all(Array.from({ length: 4 }, (_, index) => order(kit, owner.token, shop.alias, `parallel-${index}`)));
    expect(parallel.every((answer) => answer.statusCode === 409)).toBe(true);
    const finished = await waitForBuild(kit, owner.token, shop.alias, dataOf(answers[0]!).id);
    slow.ms = 0;
    expect(finished.status).toBe('succeeded');
    // Once it is done, the next order is build 2.
    const next = await order(kit, owner.token, shop.alias);
    expect(dataOf(next).number).toBe(2);
    await waitForBuild(kit, owner.token, shop.alias, dataOf(next).id);
  });

  it('strangers are refused, viewers see but may not order, managers order; no plan or an incomplete shop is refused before queueing', async () => {
    const owner = await kit.register();
    const shop = await readyShop(kit, owner);
    const stranger = await kit.register();
    expect((await order(kit, stranger.token, shop.alias)).statusCode).toBe(403);
    expect((await kit.call('GET', buildsPath(shop.alias), stranger.token)).statusCode).toBe(403);

    const viewer = await kit.register();
    await joinShop(kit, owner, shop.alias, viewer, { view: true, editDesign: false, manageCollaborators: false });
    expect((await kit.call('GET', buildsPath(shop.alias), viewer.token)).statusCode).toBe(200);
    expect((await order(kit, viewer.token, shop.alias)).statusCode).toBe(403);

    const manager = await kit.register();
    await joinShop(kit, owner, shop.alias, manager, { view: true, editDesign: true, manageCollaborators: true });
    const byManager = await order(kit, manager.token, shop.alias);
    expect(byManager.statusCode, byManager.body).toBe(200);
    expect(dataOf(byManager).requestedBy).toBe(`${manager.user.firstName} ${manager.user.lastName}`);
    await waitForBuild(kit, owner.token, shop.alias, dataOf(byManager).id);

    const unplanned = await readyShop(kit, owner, { plan: false });
    const noPlan = await order(kit, owner.token, unplanned.alias);
    expect(noPlan.statusCode).toBe(409);
    expect(noPlan.json<{ message: string }>().message).toBe(BUILD_MESSAGES.noPlan);

    await kit.database.db.update(shops).set({ logo: '' }).where(eq(shops.alias, shop.alias));
    const incomplete = await order(kit, owner.token, shop.alias);
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json<{ message: string }>().message).toBe(SHOP_SETUP_MESSAGES.logo);
    const list = (await kit.call('GET', buildsPath(shop.alias), owner.token)).json<{ data: Build[] }>().data;
    expect(list).toHaveLength(1);
  });

  it('a logo that cannot be made into icons and a design field that cannot be built fail in validating, named, not our fault', async () => {
    const owner = await kit.register();
    const badLogo = await readyShop(kit, owner, { logo: PNG });
    const logoBuild = await waitForBuild(kit, owner.token, badLogo.alias, dataOf(await order(kit, owner.token, badLogo.alias)).id);
    expect(logoBuild).toMatchObject({ status: 'failed', error: { code: 'LOGO_UNREADABLE', ourFault: false } });
    expect(logoBuild.stages.find((stage) => stage.name === 'validating')?.state).toBe('failed');

    const shop = await readyShop(kit, owner);
    const path = `apps/production/${shop.alias}/0`;
    await kit.database.db
      .insert(realtimeNodes)
      .values({ path, value: { isDefault: true, version: 0, data: { colors: { primary: 'not a colour' } } } })
      .onConflictDoUpdate({ target: realtimeNodes.path, set: { value: { isDefault: true, version: 0, data: { colors: { primary: 'not a colour' } } } } });
    const designBuild = await waitForBuild(kit, owner.token, shop.alias, dataOf(await order(kit, owner.token, shop.alias)).id);
    expect(designBuild).toMatchObject({ status: 'failed', error: { code: 'CREATION_INVALID', ourFault: false } });
    expect(designBuild.error?.message).toContain('colors.primary');
  });

  it('our own fault is retried in place, then fails with its code and is not charged; Build again makes a new build of the same version', async () => {
    failing.calls = 0;
    failing.times = 5;
    const owner = await kit.register();
    const shop = await readyShop(kit, owner);
    const failed = await waitForBuild(kit, owner.token, shop.alias, dataOf(await order(kit, owner.token, shop.alias)).id);
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'GENERATION_FAILED', ourFault: true } });
    const lines = failed.stages.find((stage) => stage.name === 'generating')!.logs.map((log) => log.line);
    expect(lines).toEqual(
      expect.arrayContaining(['Something went wrong on our side: trying again (2 of 3)', 'Something went wrong on our side: trying again (3 of 3)']),
    );
    expect(failing.calls).toBe(3);

    failing.times = 0;
    const again = await kit.call('POST', `${buildsPath(shop.alias)}/${failed.id}/retry`, owner.token, undefined, { 'idempotency-key': 'retry-1' });
    expect(again.statusCode, again.body).toBe(200);
    const rebuilt = await waitForBuild(kit, owner.token, shop.alias, dataOf(again).id);
    expect(rebuilt).toMatchObject({ status: 'succeeded', number: 2, creationVersion: failed.creationVersion, release: failed.release });
    const notRetryable = await kit.call('POST', `${buildsPath(shop.alias)}/${rebuilt.id}/retry`, owner.token);
    expect(notRetryable.statusCode).toBe(409);
  });

  it('cancelling mid-stage stops the build: cancelled, nothing delivered, and the next order is accepted', async () => {
    slow.ms = 3000;
    const owner = await kit.register();
    const shop = await readyShop(kit, owner);
    const placed = dataOf(await order(kit, owner.token, shop.alias));
    await waitForBuild(kit, owner.token, shop.alias, placed.id, (build) => build.status === 'generating');
    const cancelled = await kit.call('POST', `${buildsPath(shop.alias)}/${placed.id}/cancel`, owner.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(dataOf(cancelled).status).toBe('cancelled');
    expect(dataOf(cancelled).stages.find((stage) => stage.name === 'generating')?.state).toBe('cancelled');
    await new Promise((resolve) => setTimeout(resolve, 3500));
    slow.ms = 0;
    const after = await waitForBuild(kit, owner.token, shop.alias, placed.id);
    expect(after.status).toBe('cancelled');
    expect(after.artifacts).toEqual([]);
    expect(kit.mails(owner.user.email).filter((mail) => mail.subject.includes('is built'))).toHaveLength(0);
    expect((await kit.call('POST', `${buildsPath(shop.alias)}/${placed.id}/cancel`, owner.token)).statusCode).toBe(409);
    const next = await order(kit, owner.token, shop.alias);
    expect(next.statusCode).toBe(200);
    await waitForBuild(kit, owner.token, shop.alias, dataOf(next).id);
  });

  it('download links: tampered 403, expired 410, new links e-mailed on request', async () => {
    const owner = await kit.register();
    const shop = await readyShop(kit, owner);
    const build = await waitForBuild(kit, owner.token, shop.alias, dataOf(await order(kit, owner.token, shop.alias)).id);
    const artifact = build.artifacts[0]!;
    const url = new URL(artifact.url!);
    const tampered = new URL(url);
    tampered.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    const forged = await kit.app.inject({ method: 'GET', url: `${tampered.pathname}${tampered.search}` });
    expect(forged.statusCode).toBe(403);
    expect(forged.json<{ message: string }>().message).toBe(BUILD_MESSAGES.linkTampered);
    const otherId = new URL(url);
    otherId.pathname = otherId.pathname.replace(`/${artifact.id}/`, `/${artifact.id + 1}/`);
    expect((await kit.app.inject({ method: 'GET', url: `${otherId.pathname}${otherId.search}` })).statusCode).toBe(403);
    const expired = new URL(artifactUrl(kit.config, artifact.id, new Date(Date.now() - 1000)));
    const late = await kit.app.inject({ method: 'GET', url: `${expired.pathname}${expired.search}` });
    expect(late.statusCode).toBe(410);
    expect(late.json<{ message: string }>().message).toBe(BUILD_MESSAGES.linkExpired);

    const before = kit.mails(owner.user.email).filter((mail) => mail.subject.includes('is built')).length;
    const resent = await kit.call('POST', `${buildsPath(shop.alias)}/${build.id}/links`, owner.token);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json<{ message: string }>().message).toBe(BUILD_MESSAGES.linksSent);
    expect(kit.mails(owner.user.email).filter((mail) => mail.subject.includes('is built'))).toHaveLength(before + 1);

    // A file gone from the disk is 410 with a message, never a 500.
    const [row] = await kit.database.db.select().from(buildArtifacts).where(eq(buildArtifacts.id, artifact.id));
    await kit.database.db
      .update(buildArtifacts)
      .set({ storageKey: `${row!.buildId}/missing.zip` })
      .where(eq(buildArtifacts.id, artifact.id));
    expect((await kit.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })).statusCode).toBe(410);
  });
});
