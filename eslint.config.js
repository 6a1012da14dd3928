import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

/** Every feature folder, so a new feature is fenced in without editing this file. */
const FEATURES = readdirSync(new URL('./src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** What composes features: the composition root, the route files, the shell around every page and the shops' web app. */
const COMPOSITION = ['./src/app', './src/routes', './src/components/shell', './src/main.tsx', './src/shop-app'];
/** What every feature may use. */
const SHARED = ['./src/api', './src/lib', './src/components/form', './src/components/*.tsx'];

/**
 * The portal's layers (docs/architecture.md): shared code <- features <- composition, and contract/
 * under both halves. Imports only point down; type-only imports count too.
 */
const BOUNDARIES = [
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: compose them in src/app, src/routes or src/components/shell (props or a registry).',
  })),
  {
    target: './src/features',
    from: COMPOSITION,
    message: 'Features never import the composition root: move what they need to src/lib or src/components.',
  },
  {
    target: SHARED,
    from: ['./src/features', ...COMPOSITION],
    message: 'Shared code never imports features or the composition root.',
  },
  { target: './contract', from: ['./src', './server'], message: 'contract/ is shared by the portal and the server and imports neither.' },
  { target: './src', from: './server', message: 'The portal never imports server code.' },
  { target: './server', from: './src', message: 'The server never imports portal code.' },
];

/** Every server module, so a new module is fenced in without editing this file. */
const SERVER_MODULES = readdirSync(new URL('./server/src/modules/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The server's composition root: it builds the app from the modules and opens the seeded database. */
const SERVER_COMPOSITION = ['./server/src/app.ts', './server/src/seed.ts', './server/src/main.ts', './server/src/dev.ts', './server/src/cli'];
/** Server code every module may use (shared needs: access, mail, realtime, HTTP helpers, the database). */
const SERVER_SHARED = [
  './server/src/auth',
  './server/src/db',
  './server/src/http',
  './server/src/mail',
  './server/src/media',
  './server/src/realtime',
  './server/src/shop-access',
  './server/src/web',
  './server/src/config.ts',
  './server/src/firebase-service-account.ts',
  './server/src/html.ts',
  './server/src/logger.ts',
  './server/src/redis.ts',
];

/**
 * The server's layers: shared code <- modules <- composition. A module reaches another only
 * through its index.ts (a few names re-exported on purpose), never its routes, service or store;
 * what a module receives at run time (notify, the Firebase mirror, mail) comes in `deps`.
 */
const SERVER_BOUNDARIES = [
  ...SERVER_MODULES.map((module) => ({
    target: `./server/src/modules/${module}`,
    from: './server/src/modules',
    except: [`./${module}`, ...SERVER_MODULES.filter((other) => other !== module).map((other) => `./${other}/index.ts`)],
    message: 'A server module uses another only through its index.ts; shared needs go through deps (server/src/deps.ts) or server/src/<shared>/.',
  })),
  {
    target: './server/src/modules',
    from: SERVER_COMPOSITION,
    message: 'Modules never import the composition root: what they need comes in deps.',
  },
  {
    target: SERVER_SHARED,
    from: ['./server/src/modules', ...SERVER_COMPOSITION],
    message: 'Shared server code never imports a module or the composition root: pass what it needs in.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      '.data',
      'src/routeTree.gen.ts',
      'coverage',
      'test-results',
      'playwright-report',
      '.lighthouseci',
      '.tmp',
      'tests/fixtures',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}', 'tests/unit/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.ts', 'e2e/**/*.ts', 'tests/server/**/*.ts', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'contract/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Which files import-x reads (and parses as TypeScript) when it follows an import.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['tsconfig.json', 'server/tsconfig.json', 'src/sw/tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...BOUNDARIES, ...SERVER_BOUNDARIES] }],
      'import-x/no-cycle': 'error',
      // No index files that re-export a folder: every import names the file it needs.
      'import-x/avoid-barrel-files': 'error',
    },
  },
  {
    // A server module's public surface: the few names other modules may use, re-exported on purpose.
    files: ['server/src/modules/*/index.ts'],
    rules: { 'import-x/avoid-barrel-files': 'off' },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
