import { startTransition, useEffect, useState } from 'react';

/**
 * True once the element given to the returned ref has come within `rootMargin` of the viewport,
 * and from then on (always true when `enabled` is false; soon true without IntersectionObserver).
 * Heavy parts of long pages (phone previews, gallery cards) mount only then.
 */
export function useNearViewport(enabled: boolean, rootMargin = '200px'): [(element: Element | null) => void, boolean] {
  const [element, setElement] = useState<Element | null>(null);
  const [seen, setSeen] = useState(!enabled);
  useEffect(() => {
    if (seen || !element) return;
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
  }, [element, seen, rootMargin]);
  return [setElement, seen];
}
