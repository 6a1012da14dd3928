import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { prerenderPlugin } from './scripts/prerender';
import { shopAppPlugin } from './scripts/shop-app-build';

function buildId(): string {
  try {
    return (
      execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim() +
      '-' +
      Date.now().toString(36)
    );
  } catch {
    return Date.now().toString(36);
  }
}

const API_PORT = Number(process.env.API_PORT ?? 8081);

/**
 * Writes dist/.vite/routes.json: the full paths of the router's route tree (pathless layouts such
 * as _authed are not segments of them), so the server answers 404 for a path no route renders
 * (server/src/web/route-table.ts).
 */
function routeTablePlugin(): Plugin {
  return {
    name: 'portal-route-table',
    apply: 'build',
    generateBundle() {
      const tree = readFileSync(fileURLToPath(new URL('./src/routeTree.gen.ts', import.meta.url)), 'utf8');
      const block = /export interface FileRoutesByFullPath \{([\s\S]*?)\n\}/.exec(tree)?.[1] ?? '';
      const fullPaths = [...block.matchAll(/^\s*'([^']*)':/gm)].map((match) => match[1] ?? '').filter((fullPath) => fullPath.startsWith('/'));
      if (fullPaths.length === 0) this.error('src/routeTree.gen.ts lists no routes: the route table would be empty');
      this.emitFile({ type: 'asset', fileName: '.vite/routes.json', source: JSON.stringify(fullPaths) });
    },
  };
}

/**
 * The chunks every page has loaded before any lazy import can run: the entries and their static
 * imports. Vite lists them again in the preload list of every lazy import, which only costs the
 * entry bytes (issue #11: homepage initial JS under 165 kB gzip); `withoutInitialChunks` drops them.
 */
function initialChunksPlugin() {
  const initial = new Set<string>();
  const plugin: Plugin = {
    name: 'portal-initial-chunks',
    apply: 'build',
    generateBundle: {
      // Before vite writes the preload lists (vite:build-import-analysis, also in generateBundle).
      order: 'pre',
      handler(_options, bundle) {
        initial.clear();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (initial.has(fileName) || chunk?.type !== 'chunk') return;
          initial.add(fileName);
          chunk.imports.forEach(visit);
        };
        for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(chunk.fileName);
      },
    },
  };
  const withoutInitialChunks = (deps: string[], hostType: 'html' | 'js') => (hostType === 'js' ? deps.filter((dep) => !initial.has(dep)) : deps);
  return { plugin, withoutInitialChunks };
}

const initialChunks = initialChunksPlugin();

/** The chunk groups below that every page loads (and rolldown's runtime). */
const NAMED_CHUNKS = new Set(['rolldown-runtime', 'react-dom-start', 'react', 'mui-system', 'mui', 'tanstack', 'shared', 'constants']);

const ROUTER_PLUGIN_OPTIONS: Parameters<typeof tanstackRouter>[0] = {
  // Pending components split too (the default splits component, errorComponent and
  // notFoundComponent only): the router loads them with the route's chunk, so they are
  // ready by the time defaultPendingMs has passed, and the entry does not carry them.
  // Loaders split as well (with the API modules they import): the first screen's JS otherwise
  // carries every private page's loader (issue #11: homepage initial JS under 165 kB gzip).
  codeSplittingOptions: { defaultBehavior: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent'], ['pendingComponent']] },
};

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify(buildId()) },
  resolve: {
    alias: {
      '@/': fileURLToPath(new URL('./src/', import.meta.url)),
      '@contract/': fileURLToPath(new URL('./contract/', import.meta.url)),
    },
  },
  plugins: [
    // The router plugin must come before react() (docs/toolchain.md). Its route tree options (target,
    // autoCodeSplitting) live in tsr.config.json, which `tsr generate` (npm run typecheck) reads too.
    tanstackRouter(ROUTER_PLUGIN_OPTIONS),
    react(),
    routeTablePlugin(),
    initialChunks.plugin,
    // dist/.vite/prerender.json: every public page rendered from its components (scripts/prerender.ts).
    // The prerender splits routes as the client does: a lazy route part changes the rendered tree.
    prerenderPlugin(() => [tanstackRouter(ROUTER_PLUGIN_OPTIONS), react()]),
    // dist/.vite/shop-app/: the shops' installable web app, built on its own (scripts/shop-app-build.ts).
    shopAppPlugin(() => [react()]),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      // Registered by src/app/pwa.ts through workbox-window (update prompt), not injected.
      injectRegister: false,
      // public/manifest.webmanifest is the manifest; the plugin must not write another.
      manifest: false,
      includeAssets: ['favicon.ico', 'favicon.svg', 'robots.txt', 'manifest.webmanifest', 'icons/*.png'],
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,woff2,svg}'],
        // The server's own files (the prerender's bundle), never the browser's.
        globIgnores: ['.vite/**', '**/node_modules/**'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => initialChunks.withoutInitialChunks(deps, hostType) },
    // dist/.vite/manifest.json: the server preloads each route's chunks (server/src/web/route-preloads.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // Lazy chunks are named by their hash alone: the entry lists every one of them for its
        // preloads, and their names cost the homepage's initial JS about 1 kB gzip (issue #11 cap).
        // The chunks every page loads keep their names (readable in a network panel).
        chunkFileNames: (chunk) => (NAMED_CHUNKS.has(chunk.name) ? 'assets/[name]-[hash].js' : 'assets/[hash].js'),
        codeSplitting: {
          // The homepage's libraries in a few larger chunks instead of ~36 small ones (fewer
          // requests, better compression). `$initial` keeps each group to what the entry loads
          // statically: library code used only by lazy routes still splits with those routes.
          groups: [
            // src/app/react-dom-client.ts alone (not what it imports): the entry's call that sets
            // React DOM up, as a small chunk of its own run before the entry.
            { name: 'react-dom-start', test: /[\\/]src[\\/]app[\\/]react-dom-client\.ts$/, priority: 5, includeDependenciesRecursively: false },
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, tags: ['$initial'], priority: 4 },
            // MUI in two chunks, as a prerendered page runs each of the entry's chunks as a task of its
            // own (server/src/web/boot-after-paint.ts): the styling engine (emotion, stylis, the
            // system) and then the components, two tasks of about 10 ms on the CI machine instead
            // of one of about 23 (92 ms at Lighthouse's 4x CPU slowdown, 42 of them blocking).
            {
              name: 'mui-system',
              test: /[\\/]node_modules[\\/](@emotion|stylis|@mui[\\/](system|styled-engine|private-theming|utils))[\\/]/,
              tags: ['$initial'],
              priority: 3,
            },
            { name: 'mui', test: /[\\/]node_modules[\\/]@mui[\\/]/, tags: ['$initial'], priority: 3 },
            // MUI's small helpers that lazy routes share (ownerDocument, useControlled, useSlot...):
            // one chunk rather than a dozen of 0.1-0.8 kB, each a request and a modulepreload the
            // page adds on the main thread (/templates loaded 34 files, 25 now).
            { name: 'mui-utils', test: /[\\/]node_modules[\\/]@mui[\\/](utils|material[\\/]utils)[\\/]/, priority: 2 },
            { name: 'tanstack', test: /[\\/]node_modules[\\/]@tanstack[\\/]/, tags: ['$initial'], priority: 1 },
            // The HTTP client and the brand, which the entry and most routes share: one chunk rather
            // than three tiny ones that each cost a request and compress worse.
            { name: 'shared', test: /[\\/](src[\\/]api[\\/]|contract[\\/]brand)/, tags: ['$initial'], priority: 0 },
            // The colour helpers every phone preview uses, apart from the Creation schemas (zod)
            // they would otherwise share a chunk with: a phone whose design came complete loads no zod.
            { name: 'colour', test: /[\\/]contract[\\/]colour\.ts$/, priority: 0 },
            // Spec constants, which the entry needs: apart, or they would join the colour chunk and
            // bring the colour helpers into the homepage's initial JS.
            { name: 'constants', test: /[\\/]contract[\\/]constants\.ts$/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/v1': `http://127.0.0.1:${API_PORT}`,
      '/healthz': `http://127.0.0.1:${API_PORT}`,
      '/uploads': `http://127.0.0.1:${API_PORT}`,
      // Test mode's hosted payment pages (the built-in test gateways) are on the portal's origin.
      '/sandbox': `http://127.0.0.1:${API_PORT}`,
      '/socket.io': { target: `ws://127.0.0.1:${API_PORT}`, ws: true },
    },
  },
});
