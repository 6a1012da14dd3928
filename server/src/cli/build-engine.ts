/**
 * `npm run build-engine`: the small test build engine (modules/builds/sandbox/engine-server.ts) in
 * a process of its own, for a person to try remote builds. Start it with BUILD_ENGINE_SECRET (the
 * server's, at least 16 characters) and either BUILD_ENGINE_URL (it listens on that URL's port,
 * so the server's environment works as is) or PORT (default 4700); then start the server with
 * BUILD_ENGINE_URL set to the URL printed. BUILD_ENGINE_MODE (webhook, poll-only, fail, silent,
 * refuse) and BUILD_ENGINE_DELAY_MS (default 3000) choose how it behaves. Stop it with Ctrl-C.
 */
import { startTestEngine, type TestEngineMode } from '../modules/builds/sandbox/engine-server';

const MODES: readonly TestEngineMode[] = ['webhook', 'poll-only', 'fail', 'silent', 'refuse'];

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const secret = process.env.BUILD_ENGINE_SECRET ?? '';
if (secret.length < 16) fail('npm run build-engine needs BUILD_ENGINE_SECRET (at least 16 characters, the same as the server’s).');
const mode = (process.env.BUILD_ENGINE_MODE || 'webhook') as TestEngineMode;
if (!MODES.includes(mode)) fail(`BUILD_ENGINE_MODE must be one of ${MODES.join(', ')}.`);
const delayMs = Number(process.env.BUILD_ENGINE_DELAY_MS || 3000);
if (!Number.isInteger(delayMs) || delayMs < 0) fail('BUILD_ENGINE_DELAY_MS must be a whole number of milliseconds.');
let port = Number(process.env.PORT || 4700);
if (process.env.BUILD_ENGINE_URL) {
  const url = URL.canParse(process.env.BUILD_ENGINE_URL) ? new URL(process.env.BUILD_ENGINE_URL) : fail('BUILD_ENGINE_URL is not a URL.');
  port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
}
if (!Number.isInteger(port) || port < 1 || port > 65_535) fail('PORT must be a port number.');

const engine = await startTestEngine({
  secret,
  mode,
  delayMs,
  port,
  host: process.env.HOST || '127.0.0.1',
  log: (line) => console.log(`${new Date().toISOString()} ${line}`),
}).catch((error: unknown) => fail(`The test build engine could not listen on port ${port}: ${(error as Error).message}`));

console.log(`Test build engine (${mode}) listening at ${engine.url}`);
console.log(`Start the server with BUILD_ENGINE_URL=${engine.url} and the same BUILD_ENGINE_SECRET.`);
const stop = () => void engine.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
