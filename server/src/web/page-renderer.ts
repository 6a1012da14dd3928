/**
 * Renders a public page per request with the data the server read for it (`/templates` with its
 * templates), by the bundle the build prerenders the public pages with (dist/.vite/ssr/render.js,
 * src/prerender/render.tsx). It runs in a worker thread: the render replaces `fetch` and its
 * modules keep state (the router, the query client, the served data) that must stay out of the
 * server's own process. One render at a time; a render that fails or takes too long is an error
 * for the caller, which then serves the page prerendered without data.
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PrerenderedPage, ServedData } from '@contract/pages';

/** A render taking longer than this is given up (the page is served without its data). */
const RENDER_TIMEOUT_MS = 5000;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const loaded = import(workerData.moduleUrl);
// A bundle that cannot load (its packages not found from where it is) fails every render with why.
loaded.catch((error) => parentPort.postMessage({ id: -1, error: 'the render bundle did not load: ' + String((error && error.message) || error) }));
let queue = Promise.resolve();
parentPort.on('message', ({ id, path, served }) => {
  queue = queue.then(async () => {
    try {
      const { renderPage } = await loaded;
      parentPort.postMessage({ id, page: await renderPage(path, served) });
    } catch (error) {
      parentPort.postMessage({ id, error: String((error && error.message) || error) });
    }
  });
});
`;

interface PageRenderer {
  /** `url`: the page's path and search, as the browser will hydrate it. */
  render(url: string, served: ServedData): Promise<PrerenderedPage>;
  close(): Promise<void>;
}

interface Pending {
  resolve: (page: PrerenderedPage) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/** The renderer of the build's bundle, or null when the build has none (an older build). */
export function startPageRenderer(bundle: string): PageRenderer | null {
  if (!existsSync(bundle)) return null;
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { moduleUrl: pathToFileURL(bundle).href },
    // React's production build, as in the browser: the markup must be the one the client hydrates.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  // Idle, it does not keep the process alive.
  worker.unref();
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let failure: Error | null = null;
  const settle = (id: number, outcome: { page?: PrerenderedPage; error?: string }) => {
    const entry = pending.get(id);
    if (!entry) return;
    pending.delete(id);
    clearTimeout(entry.timer);
    if (outcome.page) entry.resolve(outcome.page);
    else entry.reject(new Error(outcome.error ?? 'the page did not render'));
  };
  const failAll = (error: Error) => {
    failure = error;
    for (const id of [...pending.keys()]) settle(id, { error: error.message });
  };
  worker.on('message', (message: { id: number; page?: PrerenderedPage; error?: string }) => {
    if (message.id === -1) failAll(new Error(message.error));
    else settle(message.id, message);
  });
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(failure ?? new Error(`the page renderer exited (${code})`)));

  return {
    render(url, served) {
      if (failure) return Promise.reject(failure);
      const id = nextId++;
      return new Promise<PrerenderedPage>((resolve, reject) => {
        const timer = setTimeout(() => settle(id, { error: `rendering ${url} took over ${RENDER_TIMEOUT_MS} ms` }), RENDER_TIMEOUT_MS);
        pending.set(id, { resolve, reject, timer });
        worker.postMessage({ id, path: url, served });
      });
    },
    async close() {
      failure ??= new Error('the page renderer is closed');
      await worker.terminate();
    },
  };
}
