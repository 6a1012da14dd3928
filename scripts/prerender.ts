/**
 * Vite plugin: after the client build, builds src/prerender/render.tsx for Node and renders every
 * public page (contract/pages.ts PUBLIC_PAGES) into dist/.vite/prerender.json, which the server
 * serves inside #root with each page's title, description and Open Graph tags
 * (server/src/web/prerendered.ts). A page that fails to render fails the build.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin, type PluginOption } from 'vite';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/**
 * Runs in a child Node process: the pages' modules (the query client, the router) leave timers
 * behind, and the render replaces fetch; the build's own process keeps neither.
 */
const RENDER_ALL = `
import { writeFileSync } from 'node:fs';
const [moduleUrl, outFile] = process.argv.slice(1);
const { PUBLIC_PAGES, renderPage } = await import(moduleUrl);
const pages = [];
for (const page of PUBLIC_PAGES) pages.push(await renderPage(page));
writeFileSync(outFile, JSON.stringify(pages));
process.exit(0);
`;

/** `plugins`: the client build's router and React plugins, for the Node build of the same pages. */
export function prerenderPlugin(plugins: () => PluginOption[]): Plugin {
  let distDir = '';
  let skip = false;
  return {
    name: 'portal-prerender',
    apply: 'build',
    configResolved(config) {
      distDir = path.resolve(config.root, config.build.outDir);
      skip = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (skip) return;
      // In the build: the server renders `/templates` per request with it (server/src/web/page-renderer.ts).
      // Not served (the portal serves nothing under /.vite/) nor precached (vite.config.ts globIgnores).
      const outDir = path.join(distDir, '.vite/ssr');
      await build({
        configFile: false,
        root: ROOT,
        logLevel: 'warn',
        mode: 'production',
        define: { __BUILD_ID__: JSON.stringify('prerender') },
        plugins: plugins(),
        resolve: {
          alias: {
            '@/': path.join(ROOT, 'src/'),
            '@contract/': path.join(ROOT, 'contract/'),
            // Leaves "server or not" to the router's isServer option (src/prerender/render.tsx says why).
            '@tanstack/router-core/isServer': path.join(ROOT, 'node_modules/@tanstack/router-core/dist/esm/isServer/development.js'),
          },
        },
        // Bundled so the alias above reaches the router's own imports.
        ssr: { noExternal: [/^@tanstack\//] },
        build: {
          ssr: path.join(ROOT, 'src/prerender/render.tsx'),
          outDir,
          emptyOutDir: true,
          target: 'node20',
          minify: false,
          copyPublicDir: false,
          // The libraries' "use client" directives mean nothing in this bundle.
          rolldownOptions: { onwarn: (warning, warn) => (warning.code === 'MODULE_LEVEL_DIRECTIVE' ? undefined : warn(warning)) },
        },
      });
      // An ES module wherever dist/ is (the server imports it in a worker).
      writeFileSync(path.join(outDir, 'package.json'), '{ "type": "module" }\n');
      const started = Date.now();
      const outFile = path.join(distDir, '.vite/prerender.json');
      mkdirSync(path.dirname(outFile), { recursive: true });
      const run = spawnSync(process.execPath, ['--input-type=module', '-e', RENDER_ALL, pathToFileURL(path.join(outDir, 'render.js')).href, outFile], {
        cwd: ROOT,
        env: { ...process.env, NODE_ENV: 'production' },
        stdio: ['ignore', 'inherit', 'pipe'],
        encoding: 'utf8',
        timeout: 120_000,
      });
      if (run.status !== 0) this.error(`prerendering the public pages failed:\n${run.stderr || run.error?.message || `exit ${run.status}`}`);
      const pages = JSON.parse(readFileSync(outFile, 'utf8')) as unknown[];
      this.info(`prerendered ${pages.length} public pages in ${Date.now() - started} ms`);
    },
  };
}
