/**
 * Environment -> typed configuration. Every value has a default that works on a fresh
 * machine with nothing set; secrets that are not given are generated once into
 * DATA_DIR/secrets.json and reused on every restart.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { PORTAL } from '@contract/constants';
import { clusterProblem } from './cluster-mode';

/** The repository root (server/src/config.ts -> ../..). */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Thrown for configuration a person must fix; main prints its message as one line. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

// Empty variables (PORT= in a .env file) mean "not set", not "set to nothing".
const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());
const port = (fallback: number) => z.preprocess((v) => (v === '' || v === undefined ? fallback : v), z.coerce.number().int().min(0).max(65535));

const envSchema = z.object({
  PORT: port(8080),
  API_PORT: port(8081),
  HOST: optionalText.transform((v) => v ?? '0.0.0.0'),
  DATA_DIR: optionalText.transform((v) => path.resolve(v ?? '.data')),
  DIST_DIR: optionalText.transform((v) => path.resolve(v ?? path.join(REPO_ROOT, 'dist'))),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  REDIS_URL: optionalText.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
  ),
  SMTP_URL: optionalText,
  PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional()),
  TEST_GATEWAYS_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional()),
  FACEBOOK_APP_ID: optionalText,
  FACEBOOK_APP_SECRET: optionalText,
  JWT_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  CLIENT_CREDENTIAL: optionalText.pipe(
    z
      .string()
      .regex(/^[^:\s]+:\S+$/, 'must look like "id:secret"')
      .optional(),
  ),
  /** Lifetime of a user session token. */
  JWT_TTL_SECONDS: z.preprocess((v) => (v === '' || v === undefined ? 7 * 24 * 3600 : v), z.coerce.number().int().min(60)),
  LOG_LEVEL: z.preprocess((v) => (v === '' || v === undefined ? 'info' : v), z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
  SKIP_BUILD: z.preprocess((v) => v === '1' || v === 'true', z.boolean()),
  /** One of several processes behind one address (docs/deploy.md): settings of one machine are refused. */
  CLUSTER: z.preprocess((v) => v === '1' || v === 'true', z.boolean()),
  /**
   * Behind a reverse proxy: the proxies' addresses or subnets, comma-separated ("loopback",
   * "10.0.0.0/8", ...), whose X-Forwarded-For is believed, so the per-IP login limits count
   * visitors, not the proxy. Unset: the socket address is the visitor.
   */
  TRUST_PROXY: optionalText.pipe(
    z
      .string()
      .regex(/^[\w.:/]+(\s*,\s*[\w.:/]+)*$/, 'must be comma-separated addresses or subnets')
      .optional(),
  ),
  /** FCM push: both set switch push from Web Push (VAPID) to Firebase Cloud Messaging. */
  VITE_FIREBASE_CONFIG: optionalText,
  FIREBASE_SERVICE_ACCOUNT: optionalText,
  /** The VAPID subject (a mailto: or https: URL the push services may contact). */
  WEB_PUSH_SUBJECT: optionalText.pipe(
    z
      .string()
      .regex(/^(mailto:|https:\/\/)/, 'must start with mailto: or https://')
      .optional(),
  ),
  /** Web Push's key pair (`npx web-push generate-vapid-keys`); unset: generated once into DATA_DIR/vapid.json. */
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  /** http:// push services that may receive pushes (a local test service); others must be https. */
  PUSH_INSECURE_ORIGINS: optionalText,
  /** Where the contact form's messages are e-mailed (the team's inbox). */
  CONTACT_EMAIL: optionalText.pipe(z.email({ error: 'must be an e-mail address' }).optional()),
  /** Payment gateways: a provider without its keys runs against its built-in test gateway. */
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  PAYSTACK_SECRET_KEY: optionalText,
  PAYSTACK_PUBLIC_KEY: optionalText,
  FLUTTERWAVE_SECRET_KEY: optionalText,
  FLUTTERWAVE_PUBLIC_KEY: optionalText,
  FLUTTERWAVE_SECRET_HASH: optionalText,
  /** live: no test gateway at all; the server refuses to start unless some provider has real keys. */
  PAYMENTS_MODE: z.preprocess((v) => (v === '' || v === undefined ? 'test' : v), z.enum(['test', 'live'], { error: 'must be test or live' })),
  /** Builds (issue 31): an external engine that makes store binaries, and the secret both sides sign with. */
  BUILD_ENGINE_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional()),
  BUILD_ENGINE_SECRET: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  /** Seconds the engine has to answer before the build fails with ENGINE_TIMEOUT (default 1800). */
  ENGINE_TIMEOUT: z.preprocess((v) => (v === '' || v === undefined ? 1800 : v), z.coerce.number().int().min(1).max(86_400)),
  /** Seconds a build's worker holds it between heartbeats: a process dead longer than this has its build taken over (default 30). */
  BUILD_LEASE_SECONDS: z.preprocess((v) => (v === '' || v === undefined ? 30 : v), z.coerce.number().int().min(2).max(600)),
  /** Files on S3-compatible object storage (storageConfig): S3_URL, or the bucket and its endpoint one by one. */
  S3_URL: optionalText,
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional()),
  S3_REGION: optionalText,
  AWS_REGION: optionalText,
  AWS_ACCESS_KEY_ID: optionalText,
  AWS_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: optionalText.pipe(z.enum(['true', 'false', '1', '0'], { error: 'must be true or false' }).optional()),
});

/** One provider's keys as given; absent when none of them is set. */
export interface GatewayKeys {
  secretKey: string;
  publicKey: string;
  /** Stripe's webhook signing secret, Flutterwave's secret hash (Paystack signs with the secret key). */
  webhookSecret: string;
}

export interface PaymentsConfig {
  mode: 'test' | 'live';
  /**
   * TEST_GATEWAYS_URL's origin: the built-in test gateways run in a process of their own
   * (`npm run test-gateways`, as a real provider is), and this server talks to them there
   * instead of mounting them.
   */
  testGatewaysOrigin: string | undefined;
  stripe: GatewayKeys | undefined;
  paystack: GatewayKeys | undefined;
  flutterwave: GatewayKeys | undefined;
}

export interface Config {
  PORT: number;
  API_PORT: number;
  HOST: string;
  DATA_DIR: string;
  DIST_DIR: string;
  /** Where the default e-mail transport writes each message (DATA_DIR/outbox). */
  OUTBOX_DIR: string;
  DATABASE_URL: string | undefined;
  REDIS_URL: string | undefined;
  SMTP_URL: string | undefined;
  PUBLIC_URL: string | undefined;
  /**
   * The origin every link in an e-mail starts with: PUBLIC_URL's origin when set, otherwise
   * http://localhost:PORT. Never taken from a request (a forged Host must not reach an e-mail).
   */
  PUBLIC_ORIGIN: string;
  /** Facebook sign-in (both needed); without them facebook grants are refused. */
  FACEBOOK_APP_ID: string | undefined;
  FACEBOOK_APP_SECRET: string | undefined;
  JWT_SECRET: string;
  /** "id:secret", sent by the portal as `Authorization: Basic base64(id:secret)` on anonymous calls. */
  CLIENT_CREDENTIAL: string;
  JWT_TTL_SECONDS: number;
  LOG_LEVEL: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  SKIP_BUILD: boolean;
  CLUSTER: boolean;
  TRUST_PROXY: string | undefined;
  VITE_FIREBASE_CONFIG: string | undefined;
  FIREBASE_SERVICE_ACCOUNT: string | undefined;
  WEB_PUSH_SUBJECT: string;
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when given. */
  VAPID: { publicKey: string; privateKey: string } | undefined;
  /** Origins (no path) of http:// push services accepted besides https:// ones. */
  PUSH_INSECURE_ORIGINS: string[];
  /** The address the contact form's messages are e-mailed to (default support@shopapp.studio). */
  CONTACT_EMAIL: string;
  PAYMENTS: PaymentsConfig;
  BUILDS: BuildsConfig;
  /** Where uploads and build artifacts live: DATA_DIR (one machine) or an S3 bucket (any number). */
  STORAGE: StorageConfig;
}

export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible server's URL; undefined for AWS S3 itself. */
  endpoint: string | undefined;
  /** host/bucket/key addresses instead of bucket.host/key (what most S3-compatible servers want). */
  forcePathStyle: boolean;
  /** undefined: the SDK's own chain (AWS_* variables of the process, an instance role, ...). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

export type StorageConfig = { kind: 'local'; root: string } | ({ kind: 's3' } & S3Settings);

export interface BuildsConfig {
  /** How long a worker's hold on a build lasts without a heartbeat (BUILD_LEASE_SECONDS). */
  leaseSeconds: number;
  /** The external build engine, when BUILD_ENGINE_URL is set (its secret is then required). */
  engine: { url: string; secret: string; timeoutSeconds: number } | undefined;
}

/** CONTACT_EMAIL when unset: with the default transport, messages land in OUTBOX_DIR. */
const DEFAULT_CONTACT_EMAIL = 'support@shopapp.studio';

interface StoredSecrets {
  jwtSecret?: string;
  clientCredential?: string;
}

const storedSecretsSchema = z.object({ jwtSecret: z.string().optional(), clientCredential: z.string().optional() });

function readSecrets(file: string): StoredSecrets {
  if (!existsSync(file)) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new ConfigError(`${file} is not valid JSON: fix or delete it (new secrets are then generated).`);
  }
  const parsed = storedSecretsSchema.safeParse(raw);
  if (!parsed.success) throw new ConfigError(`${file} has an unexpected shape: fix or delete it.`);
  return parsed.data;
}

/** Writes through a temporary file so a crash never leaves half a secrets file. */
function writeSecrets(file: string, secrets: StoredSecrets): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(secrets, null, 2) + '\n', { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
}

interface Secrets {
  jwtSecret: string;
  clientCredential: string;
}

/** Given secrets win; the others come from DATA_DIR/secrets.json, generated there the first time. */
function resolveSecrets(dataDir: string, given: StoredSecrets): Secrets {
  if (given.jwtSecret && given.clientCredential) return { jwtSecret: given.jwtSecret, clientCredential: given.clientCredential };
  const file = path.join(dataDir, 'secrets.json');
  const stored = readSecrets(file);
  const persisted: Secrets = {
    jwtSecret: stored.jwtSecret ?? randomBytes(48).toString('base64url'),
    clientCredential: stored.clientCredential ?? `${PORTAL}:${randomBytes(24).toString('base64url')}`,
  };
  if (persisted.jwtSecret !== stored.jwtSecret || persisted.clientCredential !== stored.clientCredential) writeSecrets(file, persisted);
  return { jwtSecret: given.jwtSecret ?? persisted.jwtSecret, clientCredential: given.clientCredential ?? persisted.clientCredential };
}

/**
 * Reads the environment given (tests pass their own). Creates DATA_DIR and, when JWT_SECRET or
 * CLIENT_CREDENTIAL is not set, reads or generates it in DATA_DIR/secrets.json.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`Invalid ${name}: ${issue?.message ?? 'unreadable value'}.`);
  }
  const values = parsed.data;
  const storage = storageConfig(values);
  if (values.CLUSTER) {
    const problem = clusterProblem({
      ...values,
      fcm: Boolean(values.VITE_FIREBASE_CONFIG && values.FIREBASE_SERVICE_ACCOUNT),
      localFiles: storage.kind === 'local',
    });
    if (problem) throw new ConfigError(problem);
  }

  try {
    mkdirSync(values.DATA_DIR, { recursive: true });
  } catch (cause) {
    throw new ConfigError(`Cannot create DATA_DIR ${values.DATA_DIR}: ${(cause as Error).message}`);
  }

  const secrets = resolveSecrets(values.DATA_DIR, { jwtSecret: values.JWT_SECRET, clientCredential: values.CLIENT_CREDENTIAL });

  return {
    PORT: values.PORT,
    API_PORT: values.API_PORT,
    HOST: values.HOST,
    DATA_DIR: values.DATA_DIR,
    DIST_DIR: values.DIST_DIR,
    OUTBOX_DIR: path.join(values.DATA_DIR, 'outbox'),
    DATABASE_URL: values.DATABASE_URL,
    REDIS_URL: values.REDIS_URL,
    SMTP_URL: values.SMTP_URL,
    PUBLIC_URL: values.PUBLIC_URL,
    PUBLIC_ORIGIN: publicOrigin(values.PUBLIC_URL, values.PORT),
    FACEBOOK_APP_ID: values.FACEBOOK_APP_ID,
    FACEBOOK_APP_SECRET: values.FACEBOOK_APP_SECRET,
    JWT_SECRET: secrets.jwtSecret,
    CLIENT_CREDENTIAL: secrets.clientCredential,
    JWT_TTL_SECONDS: values.JWT_TTL_SECONDS,
    LOG_LEVEL: values.LOG_LEVEL,
    SKIP_BUILD: values.SKIP_BUILD,
    CLUSTER: values.CLUSTER,
    TRUST_PROXY: values.TRUST_PROXY,
    VITE_FIREBASE_CONFIG: values.VITE_FIREBASE_CONFIG,
    FIREBASE_SERVICE_ACCOUNT: values.FIREBASE_SERVICE_ACCOUNT,
    WEB_PUSH_SUBJECT: values.WEB_PUSH_SUBJECT ?? (values.PUBLIC_URL?.startsWith('https://') ? new URL(values.PUBLIC_URL).origin : 'mailto:push@localhost'),
    VAPID: vapidKeys(values),
    PUSH_INSECURE_ORIGINS: (values.PUSH_INSECURE_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean)
      .map((origin) => new URL(origin).origin),
    CONTACT_EMAIL: values.CONTACT_EMAIL ?? DEFAULT_CONTACT_EMAIL,
    PAYMENTS: paymentsConfig(values),
    BUILDS: buildsConfig(values),
    STORAGE: storage,
  };
}

const S3_URL_FORMS = 's3://KEY:SECRET@bucket?region=eu-west-1 (AWS S3) or http(s)://KEY:SECRET@host:port/bucket?region=... (an S3-compatible server)';
/** S3's bucket naming rule (3-63 lowercase letters, digits, dots and hyphens). */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

function credentialsOf(name: string, accessKeyId: string | undefined, secretAccessKey: string | undefined): S3Settings['credentials'] {
  if (!accessKeyId && !secretAccessKey) return undefined;
  if (!accessKeyId || !secretAccessKey)
    throw new ConfigError(`${name}: give both the access key id and the secret access key, or neither (the SDK's own chain).`);
  return { accessKeyId, secretAccessKey };
}

/** S3_URL: `s3://[KEY:SECRET@]bucket[?region=R]` for AWS S3, `http(s)://[KEY:SECRET@]host[:port]/bucket[?region=R]` for another server (path-style). */
function parseS3Url(value: string, fallbackRegion: string): S3Settings {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`Invalid S3_URL: must look like ${S3_URL_FORMS}.`);
  }
  const aws = url.protocol === 's3:';
  if (!aws && url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`Invalid S3_URL: must look like ${S3_URL_FORMS}.`);
  const bucket = aws ? url.hostname : decodeURIComponent(url.pathname.replace(/^\/|\/$/g, ''));
  if (!bucket || (aws && url.pathname !== '' && url.pathname !== '/')) throw new ConfigError(`Invalid S3_URL: name one bucket, as in ${S3_URL_FORMS}.`);
  if (!BUCKET_NAME.test(bucket)) throw new ConfigError(`Invalid S3_URL: the bucket name "${bucket}" must be 3-63 lowercase letters, digits, dots or hyphens.`);
  const unknown = [...url.searchParams.keys()].filter((key) => key !== 'region');
  if (unknown.length > 0) throw new ConfigError(`Invalid S3_URL: unknown option ${unknown.join(', ')} (only region is read).`);
  return {
    bucket,
    region: url.searchParams.get('region') || fallbackRegion,
    endpoint: aws ? undefined : url.origin,
    forcePathStyle: !aws,
    credentials: credentialsOf('S3_URL', decodeURIComponent(url.username) || undefined, decodeURIComponent(url.password) || undefined),
  };
}

function storageConfig(values: z.infer<typeof envSchema>): StorageConfig {
  const region = values.S3_REGION ?? values.AWS_REGION ?? 'us-east-1';
  if (values.S3_URL) {
    if (values.S3_BUCKET || values.S3_ENDPOINT) throw new ConfigError('Set S3_URL or S3_BUCKET (with S3_ENDPOINT), not both.');
    return { kind: 's3', ...parseS3Url(values.S3_URL, region) };
  }
  if (!values.S3_BUCKET) {
    if (values.S3_ENDPOINT || values.S3_FORCE_PATH_STYLE) throw new ConfigError('S3_ENDPOINT and S3_FORCE_PATH_STYLE need S3_BUCKET (or use S3_URL).');
    return { kind: 'local', root: values.DATA_DIR };
  }
  if (!BUCKET_NAME.test(values.S3_BUCKET))
    throw new ConfigError(`Invalid S3_BUCKET: "${values.S3_BUCKET}" must be 3-63 lowercase letters, digits, dots or hyphens.`);
  return {
    kind: 's3',
    bucket: values.S3_BUCKET,
    region,
    endpoint: values.S3_ENDPOINT?.replace(/\/$/, ''),
    // Path-style by default with an endpoint of one's own: MinIO and most S3-compatible servers need it.
    forcePathStyle: values.S3_FORCE_PATH_STYLE ? ['true', '1'].includes(values.S3_FORCE_PATH_STYLE) : Boolean(values.S3_ENDPOINT),
    credentials: credentialsOf('AWS_ACCESS_KEY_ID', values.AWS_ACCESS_KEY_ID, values.AWS_SECRET_ACCESS_KEY),
  };
}

function vapidKeys(values: z.infer<typeof envSchema>): Config['VAPID'] {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = values;
  if (!publicKey && !privateKey) return undefined;
  if (!publicKey || !privateKey)
    throw new ConfigError(`Set ${publicKey ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'} too (Web Push keys come as a pair), or neither.`);
  return { publicKey, privateKey };
}

function buildsConfig(values: z.infer<typeof envSchema>): BuildsConfig {
  const leaseSeconds = values.BUILD_LEASE_SECONDS;
  if (!values.BUILD_ENGINE_URL) return { leaseSeconds, engine: undefined };
  if (!values.BUILD_ENGINE_SECRET) throw new ConfigError('BUILD_ENGINE_URL: set BUILD_ENGINE_SECRET too (the engine and this server sign with it).');
  return {
    leaseSeconds,
    engine: { url: values.BUILD_ENGINE_URL.replace(/\/$/, ''), secret: values.BUILD_ENGINE_SECRET, timeoutSeconds: values.ENGINE_TIMEOUT },
  };
}

/** Keys come as a set: a half-given set is a mistake a person must fix, not a silent test mode. */
function keysOf(name: string, given: Record<string, string | undefined>): GatewayKeys | undefined {
  const entries = Object.entries(given);
  const missing = entries.filter(([, value]) => !value).map(([key]) => key);
  if (missing.length === entries.length) return undefined;
  if (missing.length > 0) throw new ConfigError(`${name}: set ${missing.join(' and ')} too (or none of its keys, for test mode).`);
  const [secretKey, publicKey, webhookSecret] = entries.map(([, value]) => value as string);
  return { secretKey: secretKey!, publicKey: publicKey!, webhookSecret: webhookSecret ?? secretKey! };
}

function paymentsConfig(values: z.infer<typeof envSchema>): PaymentsConfig {
  const payments: PaymentsConfig = {
    mode: values.PAYMENTS_MODE,
    testGatewaysOrigin: values.TEST_GATEWAYS_URL ? new URL(values.TEST_GATEWAYS_URL).origin : undefined,
    stripe: keysOf('Stripe', {
      STRIPE_SECRET_KEY: values.STRIPE_SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: values.STRIPE_PUBLISHABLE_KEY,
      STRIPE_WEBHOOK_SECRET: values.STRIPE_WEBHOOK_SECRET,
    }),
    paystack: keysOf('Paystack', { PAYSTACK_SECRET_KEY: values.PAYSTACK_SECRET_KEY, PAYSTACK_PUBLIC_KEY: values.PAYSTACK_PUBLIC_KEY }),
    flutterwave: keysOf('Flutterwave', {
      FLUTTERWAVE_SECRET_KEY: values.FLUTTERWAVE_SECRET_KEY,
      FLUTTERWAVE_PUBLIC_KEY: values.FLUTTERWAVE_PUBLIC_KEY,
      FLUTTERWAVE_SECRET_HASH: values.FLUTTERWAVE_SECRET_HASH,
    }),
  };
  if (payments.mode === 'live' && !payments.stripe && !payments.paystack && !payments.flutterwave) {
    throw new ConfigError('PAYMENTS_MODE=live needs the keys of at least one payment provider (STRIPE_*, PAYSTACK_* or FLUTTERWAVE_*).');
  }
  return payments;
}

/** PUBLIC_URL's origin (the portal is served at its root), or http://localhost:PORT when unset. */
export function publicOrigin(publicUrl: string | undefined, port: number): string {
  return publicUrl ? new URL(publicUrl).origin : `http://localhost:${port}`;
}

/** A connection string with any password replaced, safe to print. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}
