/**
 * `npm run dev`: the API (same app, no static serving) on API_PORT and a Vite dev server with
 * HMR on PORT (default 5173) whose proxy (vite.config.ts) forwards /v1, /healthz, /uploads
 * and /socket.io to it.
 */
import path from 'node:path';
import { createServer, type Plugin } from 'vite';
import { buildApp } from './app';
import { ConfigError, REPO_ROOT, loadConfig } from './config';
import { DatabaseOpenError } from './db/database';
import { RedisOpenError } from './redis';
import { openSeededDatabase } from './seed';
import { renderIndexHtml } from './web/paths';

const VITE_DEFAULT_PORT = 5173;

/** The dev index.html gets the client credential the same way the production server fills it. */
function clientCredentialPlugin(credential: string): Plugin {
  return { name: 'portal-client-credential', transformIndexHtml: (html) => renderIndexHtml(html, credential) };
}

async function main(): Promise<void> {
  const vitePort = process.env.PORT ? Number(process.env.PORT) : VITE_DEFAULT_PORT;
  // People open the Vite dev server: e-mailed links (and the socket.io origin rule) point there.
  const config = loadConfig({ ...process.env, PUBLIC_URL: process.env.PUBLIC_URL || `http://localhost:${vitePort}` });
  const database = await openSeededDatabase(config);
  const app = await buildApp({ config, db: database, servePortal: false });
  await app.listen({ port: config.API_PORT, host: '127.0.0.1' });
  // vite.config.ts reads API_PORT for its proxy.
  process.env.API_PORT = String(config.API_PORT);

  const vite = await createServer({
    configFile: path.join(REPO_ROOT, 'vite.config.ts'),
    root: REPO_ROOT,
    server: { port: vitePort, strictPort: true },
    plugins: [clientCredentialPlugin(config.CLIENT_CREDENTIAL)],
  });
  await vite.listen();
  vite.printUrls();
  console.log(`API on http://127.0.0.1:${config.API_PORT}; data directory ${config.DATA_DIR} (e-mail outbox: ${config.OUTBOX_DIR})`);
  console.log(`Links in e-mails use ${config.PUBLIC_ORIGIN}`);

  const shutdown = async () => {
    await vite.close();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

try {
  await main();
} catch (error) {
  if (error instanceof ConfigError || error instanceof DatabaseOpenError || error instanceof RedisOpenError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
