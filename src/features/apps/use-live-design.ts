/**
 * The live design of an app (the realtime document `apps/production/{alias}/{version}`), read
 * only, subscribed while `enabled` (e.g. while a thumbnail is on screen).
 */
import { useEffect, useState } from 'react';
import type { Creation } from '@contract/creation/schemas';
import { parseCreationTolerant } from '@contract/creation/schemas-tolerant';
import { designPath } from '@contract/realtime/paths';
import { realtimeDb } from '@/realtime/db';

export function useLiveDesign(alias: string, version: number, enabled: boolean): Creation | null {
  const [creation, setCreation] = useState<{ key: string; value: Creation } | null>(null);
  const key = `${alias}/${version}`;
  useEffect(() => {
    if (!enabled) return;
    let active = true;
    let unsubscribe = () => {};
    void realtimeDb().then((db) => {
      if (!active) return;
      unsubscribe = db.onValue(designPath(alias, version), (value) => {
        const data = (value as { data?: unknown } | null)?.data ?? {};
        setCreation({ key, value: parseCreationTolerant(data) });
      });
    });
    return () => {
      active = false;
      unsubscribe();
    };
  }, [alias, version, enabled, key]);
  return creation?.key === key ? creation.value : null;
}

/** True once the element has come near the screen (then stays true). */
export function useNearScreen<T extends Element>(): [(element: T | null) => void, boolean] {
  const [element, setElement] = useState<T | null>(null);
  // Without IntersectionObserver (old browsers, tests) every thumbnail counts as near.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (!element || near) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: '200px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near]);
  return [setElement, near];
}
