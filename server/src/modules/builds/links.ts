/**
 * Signed, expiring links (issue 31): an artifact's download and the native project handed to the
 * external engine. The signature is an HMAC-SHA256, under a key derived from JWT_SECRET, of what
 * the link names and its expiry; the link itself is the permission (e-mails, engines), so it says
 * nothing a guess could reuse. A changed byte -> tampered (403); a good signature past its expiry
 * -> expired (410).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { API_PREFIX, fillPath } from '@contract/api';
import { BUILD_PATHS, DOWNLOAD_LINK_DAYS } from '@contract/builds/paths';
import type { Config } from '../../config';

type LinkConfig = Pick<Config, 'JWT_SECRET' | 'PUBLIC_ORIGIN'>;
export type LinkCheck = 'ok' | 'tampered' | 'expired';

const DAY_MS = 24 * 3600 * 1000;
/** The engine's source link: long enough for a queue at the engine, short enough to be useless later. */
const ENGINE_SOURCE_MS = 6 * 3600 * 1000;

const keyOf = (config: LinkConfig) => createHmac('sha256', config.JWT_SECRET).update('build-links').digest();
const signatureOf = (config: LinkConfig, subject: string, expires: number) =>
  createHmac('sha256', keyOf(config)).update(`${subject}:${expires}`).digest('base64url');

function signedUrl(config: LinkConfig, path: string, subject: string, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const url = new URL(`${API_PREFIX}${path}`, config.PUBLIC_ORIGIN);
  url.searchParams.set('expires', String(expires));
  url.searchParams.set('signature', signatureOf(config, subject, expires));
  return url.toString();
}

function check(config: LinkConfig, subject: string, expires: string | undefined, signature: string | undefined, now: Date): LinkCheck {
  if (!expires || !/^\d{1,12}$/.test(expires) || !signature) return 'tampered';
  const expected = Buffer.from(signatureOf(config, subject, Number(expires)));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'tampered';
  return Number(expires) * 1000 < now.getTime() ? 'expired' : 'ok';
}

export const downloadExpiry = (now = new Date()) => new Date(now.getTime() + DOWNLOAD_LINK_DAYS * DAY_MS);

export const artifactUrl = (config: LinkConfig, artifactId: number, expiresAt: Date) =>
  signedUrl(config, fillPath(BUILD_PATHS.download, { artifactId: String(artifactId) }), `artifact:${artifactId}`, expiresAt);

export const checkArtifactLink = (config: LinkConfig, artifactId: number, query: { expires?: string; signature?: string }, now = new Date()) =>
  check(config, `artifact:${artifactId}`, query.expires, query.signature, now);

export const engineSourceUrl = (config: LinkConfig, buildId: number, now = new Date()) =>
  signedUrl(config, fillPath(BUILD_PATHS.engineSource, { buildId: String(buildId) }), `engine-source:${buildId}`, new Date(now.getTime() + ENGINE_SOURCE_MS));

export const checkEngineSourceLink = (config: LinkConfig, buildId: number, query: { expires?: string; signature?: string }, now = new Date()) =>
  check(config, `engine-source:${buildId}`, query.expires, query.signature, now);
