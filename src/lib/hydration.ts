import { createContext, useContext, useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while React hydrates a prerendered page (and on the server), true afterwards and on any
 * page rendered by the client alone. A part that shows client data (the query cache, restored
 * from localStorage or loaded while the page hydrates) renders its loading state until then, as
 * the prerendered HTML did, so hydration matches and the data then replaces the placeholder.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** What a page says about itself in the document head: its title and its description. */
export interface PageHead {
  title?: string;
  description?: string;
}

/** Set only by the prerender: collects the head of the page being rendered. */
export const PageHeadCollector = createContext<((head: PageHead) => void) | null>(null);

/** Reports a page's head to the prerender (a no-op in the browser: the title is set by an effect). */
export function useCollectPageHead(head: PageHead): void {
  useContext(PageHeadCollector)?.(head);
}
