/** A finished build told to people (issue 31): the owner's e-mail with signed links, and app-build notifications (push too). */
import { eq } from 'drizzle-orm';
import { ARTIFACT_LABELS, formatSize } from '@contract/builds/paths';
import { BUILD_MESSAGES, type Build } from '@contract/builds/schemas';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { users } from '../../db/schema';
import type { Notifications } from '../../deps';
import { portalLink } from '../../mail/links';
import type { Mailer } from '../../mail/mailer';
import { send, trySend } from '../../mail/send';
import { buildReadyEmail } from '../../mail/templates';
import type { ShopRow } from '../../shop-access/access';
import type { FastifyBaseLogger } from 'fastify';

interface DeliveryDeps {
  db: Database;
  config: Pick<Config, 'PUBLIC_ORIGIN'>;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

const appPage = (config: Pick<Config, 'PUBLIC_ORIGIN'>, alias: string) => portalLink(config, `/apps/${encodeURIComponent(alias)}`);

/** E-mails the shop's owner the build's web app and download links; false when the e-mail could not be sent (not strict). */
export async function deliverBuild(deps: DeliveryDeps, shop: ShopRow, build: Build, { strict }: { strict: boolean }): Promise<boolean> {
  const [owner] = await deps.db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, shop.ownerUserId)).limit(1);
  if (!owner || !build.webAppUrl) throw new Error(BUILD_MESSAGES.notSucceeded);
  const expiresAt = build.artifacts[0]?.expiresAt;
  const mail = buildReadyEmail({
    firstName: owner.firstName,
    appName: shop.name,
    buildNumber: build.number,
    webAppUrl: build.webAppUrl,
    downloads: build.artifacts.map((artifact) => ({ label: ARTIFACT_LABELS[artifact.kind], size: formatSize(artifact.size), url: artifact.url ?? '' })),
    expiresAt: expiresAt ? new Date(expiresAt) : new Date(),
    appPage: appPage(deps.config, shop.alias),
  });
  if (strict) {
    await send(deps, owner.email, mail);
    return true;
  }
  return trySend(deps, owner.email, mail);
}

/** The app-build notification to the owner and to whoever ordered the build. */
export async function notifyBuild(notifications: Notifications, shop: ShopRow, build: Build, requestedBy: number | null): Promise<void> {
  const succeeded = build.status === 'succeeded';
  const input = {
    type: 'app-build' as const,
    title: succeeded ? `${shop.name} is built` : `Build ${build.number} of ${shop.name} failed`,
    body: succeeded
      ? `Build ${build.number} is ready: open the web app or download the files.`
      : `${build.error?.message ?? 'The build failed'}. ${build.error?.nextStep ?? ''}`.trim(),
    meta: { shopName: shop.name, shopAlias: shop.alias },
  };
  const people = new Set([shop.ownerUserId, ...(requestedBy === null ? [] : [requestedBy])]);
  await Promise.all([...people].map((userId) => notifications.notify(userId, input)));
}
