import { useLayoutEffect, useRef } from 'react';

/**
 * Reports the element's height in px to `onHeightChange` as it changes, and 0 once it unmounts.
 * A layout effect: one element replacing another in the same commit (a placeholder, then what it
 * held the place of) reports 0 and then its own height before the browser paints, so the page
 * below never flickers to the top.
 */
export function useReportedHeight<T extends HTMLElement>(onHeightChange: (height: number) => void) {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(() => onHeightChange(element.offsetHeight));
    observer.observe(element);
    onHeightChange(element.offsetHeight);
    return () => {
      observer.disconnect();
      onHeightChange(0);
    };
  }, [onHeightChange]);
  return ref;
}
