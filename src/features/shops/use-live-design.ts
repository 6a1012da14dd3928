/**
 * The live design of an app (the realtime document `apps/production/{alias}/{version}`), read
 * only, subscribed while `enabled` (e.g. while a thumbnail is on screen).
 */
import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Creation } from '@contract/design/schemas';
import { parseCreationTolerant } from '@contract/design/schemas-tolerant';
import { designPath } from '@contract/design/realtime';
import { realtimeDb } from '@/realtime/db';
import { lastKnownValue, rememberValue } from '@/realtime/last-known';

const creationOf = (value: unknown): Creation => parseCreationTolerant((value as { data?: unknown } | null)?.data ?? {});

/** Until the store answers, the design as this device last had it (src/realtime/last-known.ts). */
export function useLiveDesign(alias: string, version: number, enabled: boolean): Creation | null {
  const queryClient = useQueryClient();
  const [creation, setCreation] = useState<{ key: string; value: Creation } | null>(null);
  const key = `${alias}/${version}`;
  useEffect(() => {
    if (!enabled) return;
    let active = true;
    let unsubscribe = () => {};
    void realtimeDb().then((db) => {
      if (!active) return;
      unsubscribe = db.onValue(designPath(alias, version), (value, { revision }) => {
        rememberValue(queryClient, designPath(alias, version), value, revision);
        setCreation({ key, value: creationOf(value) });
      });
    });
    return () => {
      active = false;
      unsubscribe();
    };
  }, [alias, version, enabled, key, queryClient]);
  const known = useMemo(() => {
    const last = enabled ? lastKnownValue(queryClient, designPath(alias, version)) : undefined;
    return last ? creationOf(last.value) : null;
  }, [alias, version, enabled, queryClient]);
  return creation?.key === key ? creation.value : known;
}

/** True once the element has come near the screen (then stays true). */
export function useNearScreen<T extends Element>(): [(element: T | null) => void, boolean] {
  const [element, setElement] = useState<T | null>(null);
  // Without IntersectionObserver (old browsers, tests) every thumbnail counts as near.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near]);
  return [setElement, near];
}
