/**
 * Vite plugin: after the portal's build, builds the shops' installable web app (issue 31,
 * shop-app.html + src/shop-app/main.tsx) on its own into dist/.vite/shop-app/: a page template
 * and its hashed assets with relative URLs, which every build of a shop copies
 * (server/src/modules/builds/artifacts/web-app.ts). A build of its own, so the portal's chunks,
 * its initial JS and its service worker's precache list stay as they were; under .vite/, so the
 * portal neither serves it nor precaches it (vite.config.ts globIgnores).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type PluginOption } from 'vite';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** Where the shell is written, inside the portal's dist/. */
export const SHOP_APP_OUT_DIR = '.vite/shop-app';

/** `plugins`: the client build's React plugin (no router: the app has none). */
export function shopAppPlugin(plugins: () => PluginOption[]): Plugin {
  let distDir = '';
  let skip = false;
  return {
    name: 'shop-app-build',
    apply: 'build',
    configResolved(config) {
      distDir = path.resolve(config.root, config.build.outDir);
      skip = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (skip) return;
      const started = Date.now();
      await build({
        configFile: false,
        root: ROOT,
        // Served at /shops/{alias}/app/: every URL relative to the page.
        base: './',
        logLevel: 'warn',
        mode: 'production',
        define: { __BUILD_ID__: JSON.stringify('shop-app') },
        plugins: plugins(),
        resolve: {
          alias: {
            '@/': path.join(ROOT, 'src/'),
            '@contract/': path.join(ROOT, 'contract/'),
          },
        },
        build: {
          outDir: path.join(distDir, SHOP_APP_OUT_DIR),
          emptyOutDir: true,
          copyPublicDir: false,
          target: 'es2022',
          sourcemap: false,
          // One entry chunk and no lazy ones: nothing for a polyfill to preload.
          modulePreload: { polyfill: false },
          // Fonts and pictures as files (the service worker precaches them), never inlined into the JS.
          assetsInlineLimit: 0,
          rolldownOptions: { input: path.join(ROOT, 'shop-app.html') },
        },
      });
      this.info(`built the shops' web app shell in ${Date.now() - started} ms`);
    },
  };
}
