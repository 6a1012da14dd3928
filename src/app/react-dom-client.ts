/**
 * react-dom/client for the entry, in a small chunk of its own (vite.config.ts): React DOM sets
 * itself up as this chunk runs, which on a prerendered page is a task of its own before the
 * entry's (server/src/web/boot-after-paint.ts runs the entry's chunks one by one).
 *
 * Under DevTools, and so under Lighthouse, that set-up costs more than its own work: it creates a
 * few Error objects, and for their stack traces V8 parses every function on the stack again for
 * its source positions. Called from the entry's top level, that was React DOM's module and the
 * entry's whole top level, in the entry's one task; from here it is React DOM's module and this
 * line. `/templates` under Lighthouse's conditions on one day's machine (docs/performance.md):
 * longest task 62-71 ms of CPU before, 50-58 after; the next day's machine, same Chromium build,
 * showed no such cost at all (11-12 ms). A visitor's browser pays none of it.
 */
export { createRoot, hydrateRoot } from 'react-dom/client';
