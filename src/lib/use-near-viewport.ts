import { startTransition, useCallback, useState } from 'react';

/**
 * True once the element given to the returned ref has come within `rootMargin` of the viewport,
 * and from then on (always true when `enabled` is false; soon true without IntersectionObserver).
 * Heavy parts of long pages (phone previews, gallery cards) mount only then.
 *
 * The ref callback watches the element itself (React 19 calls the returned cleanup on detach):
 * keeping the element in state would re-render every placeholder synchronously as its ref is
 * attached, right after a page hydrates (one long task on /templates).
 */
export function useNearViewport(enabled: boolean, rootMargin = '200px'): [(element: Element | null) => (() => void) | undefined, boolean] {
  const [seen, setSeen] = useState(!enabled);
  const ref = useCallback(
    (element: Element | null) => {
      if (seen || !element) return undefined;
      if (typeof IntersectionObserver === 'undefined') {
        const timer = window.setTimeout(() => setSeen(true), 0);
        return () => window.clearTimeout(timer);
      }
      const observer = new IntersectionObserver(
        (entries) => {
          // A transition: the heavy part's first render is sliced (an observer's update alone would
          // render it in one task).
          if (entries.some((entry) => entry.isIntersecting)) startTransition(() => setSeen(true));
        },
        { rootMargin },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [seen, rootMargin],
  );
  return [ref, seen];
}
