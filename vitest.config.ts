import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Kept free of the router and PWA plugins (docs/toolchain.md): tests import modules directly.
export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify('test') },
  resolve: {
    alias: {
      '@/': fileURLToPath(new URL('./src/', import.meta.url)),
      '@contract/': fileURLToPath(new URL('./contract/', import.meta.url)),
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          // PGlite opens take seconds; one file at a time keeps the 2-core machine responsive.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
