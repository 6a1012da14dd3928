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

/** What composes features: the composition root, the route files and the shell around every page. */
const COMPOSITION = ['./src/app', './src/routes', './src/components/shell', './src/main.tsx'];
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

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.data', 'src/routeTree.gen.ts', 'coverage', 'test-results', 'playwright-report', '.lighthouseci', '.tmp'] },
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
      'import-x/no-restricted-paths': ['error', { zones: BOUNDARIES }],
      'import-x/no-cycle': 'error',
      // No index files that re-export a folder: every import names the file it needs.
      'import-x/avoid-barrel-files': 'error',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
