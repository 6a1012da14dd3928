import '@testing-library/jest-dom/vitest';
// jsdom has no IndexedDB; the design and chat outboxes keep their edits there.
import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom has no layout, so no ResizeObserver: a stand-in that never reports a change.
globalThis.ResizeObserver ??= class {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
};
