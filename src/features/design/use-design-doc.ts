/**
 * useDesignDoc(alias, version): the live design document `{apps-root}/production/{alias}/{version}`
 * as the editor and the live preview use it.
 *
 *   const { creation, revision, status, pendingCount, online, applyEdit, save, refused } = useDesignDoc('my-shop', 0);
 *   applyEdit({ 'colors/primary': '#ff0000ff', 'bottomNav/enabled': true }); // paths inside the Creation
 *   save(creation);                                                           // the whole Creation
 *
 * - `creation`: the stored Creation (tolerantly parsed: never refuses a damaged one) with every
 *   waiting edit of this document laid over it, so an edit shows at once, before it is stored.
 * - `revision`: the stored document's revision (0: nothing stored yet).
 * - `availability`: 'ready' once there is a design to show: the store's, or until it answers, the
 *   one this device last had (kept in the persisted query cache, src/realtime/last-known.ts);
 *   'loading' while online and waiting for the store; 'unavailable' offline when this device never
 *   had this design (DESIGN_NOT_ON_THIS_DEVICE): never the built-in defaults dressed as theirs.
 * - `status`: 'offline' | 'pending' | 'in-sync'; `statusText` reads 'All changes saved',
 *   'N edits waiting' or 'Offline: N edits waiting'.
 * - `applyEdit(patch)`: keys are `/` paths inside the Creation, values the new values (null
 *   removes). The edit's write to the outbox is issued before it is sent (never lost); returns its id.
 * - `save(creation)`: writes the whole document {isDefault, version, data}; throws
 *   SaveDesignError ('Error saving configuration') without alias or version (spec section 5).
 * - `refused`: the server's message for the last edit it refused (a malformed Creation); the
 *   edit is dropped from the outbox, the editor keeps showing the merchant's value.
 * - `denied`: the store's message and status (404 unknown app, 401/403 private) when it refuses
 *   to show the design, or stops showing it (public link off, key rotated);
 *   `key` is the shop's preview key a QR code's URL carries (`p`).
 * Concurrency: per-field last writer wins in the server's order (its revision); every tab
 * converges on the stored document once its own edits are acknowledged.
 */
import { startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Creation } from '@contract/design/schemas';
import { createCreationParser } from '@contract/design/schemas-tolerant';
import { shareEqual } from '@contract/design/shared';
import { designPath, splitPath } from '@contract/design/realtime';
import { realtimeDb } from '@/realtime/db';
import { forgetValue, lastKnownValue, rememberValue } from '@/realtime/last-known';
import { newEditId } from '@/realtime/port';
import { useOnline } from '@/lib/online';
import { designOutbox, onEditDelivered, onEditRefused } from './design-sync';
import { applyToDocument, availability, type DesignAvailability, type DesignStatus, statusText } from './document';
import type { OutboxEdit } from './outbox';
import { appConfigPath } from './save-design';

interface DesignDoc {
  creation: Creation;
  /** The stored `data` with the waiting edits laid over it, as is (it may be partial). */
  data: unknown;
  revision: number;
  /** False until the first value arrived from the store (or the store is unreachable). */
  loaded: boolean;
  availability: DesignAvailability;
  status: DesignStatus;
  statusText: string;
  pendingCount: number;
  online: boolean;
  applyEdit(patch: Record<string, unknown>): string;
  save(creation: Creation): string;
  refused: string | null;
  denied: { message: string; status: number } | null;
}

interface StoredDesign {
  isDefault: boolean;
  version: number;
  data: unknown;
}

export function useDesignDoc(alias: string, version: number, key?: string): DesignDoc {
  const docPath = useMemo(() => designPath(alias, version), [alias, version]);
  const online = useOnline();
  const queryClient = useQueryClient();
  const [stored, setStored] = useState<{ path: string; value: unknown; revision: number } | null>(null);
  const [connected, setConnected] = useState(true);
  const [local, setLocal] = useState<OutboxEdit[]>([]);
  // The outbox's bookkeeping (its count, an acknowledged edit leaving the overlay) renders as a
  // transition: it changes the status line, never what the design looks like, so it must not
  // hold up the frame that paints an edit (a store subscription would render synchronously).
  const [pendingCount, setPendingCount] = useState(() => designOutbox().count());
  useEffect(() => {
    const outbox = designOutbox();
    const unsubscribe = outbox.subscribe((count) => startTransition(() => setPendingCount(count)));
    // A change between the first render and this subscription.
    queueMicrotask(() => startTransition(() => setPendingCount(outbox.count())));
    return unsubscribe;
  }, []);
  const [refused, setRefused] = useState<string | null>(null);
  const [denied, setDenied] = useState<{ path: string; message: string; status: number } | null>(null);

  useEffect(() => {
    const outbox = designOutbox();
    let active = true;
    const unsubscribers: Array<() => void> = [];
    // Edits left waiting by an earlier visit are laid over the stored design too.
    void outbox.pending().then((edits) => {
      if (!active) return;
      const mine = edits.filter((edit) => Object.keys(edit.updates).some((path) => path === docPath || path.startsWith(`${docPath}/`)));
      setLocal((current) => [...mine.filter((edit) => !current.some((known) => known.id === edit.id)), ...current]);
    });
    unsubscribers.push(onEditDelivered((edit) => startTransition(() => setLocal((current) => current.filter((known) => known.id !== edit.id)))));
    unsubscribers.push(
      onEditRefused((edit, message) => {
        setLocal((current) => current.filter((known) => known.id !== edit.id));
        setRefused(message);
      }),
    );
    void realtimeDb().then((db) => {
      if (!active) return;
      // Structurally shared with the value before: the groups a change left alone keep their
      // objects, so the parser below re-parses only the changed ones.
      unsubscribers.push(
        db.onValue(
          docPath,
          (value, { revision }) => {
            setDenied(null);
            rememberValue(queryClient, docPath, value, revision);
            setStored((previous) => ({ path: docPath, value: shareEqual(previous?.path === docPath ? previous.value : null, value), revision }));
          },
          {
            ...(key ? { key } : {}),
            onRefused: (message, status = 403) => {
              forgetValue(queryClient, docPath);
              setDenied({ path: docPath, message, status });
            },
          },
        ),
      );
      unsubscribers.push(db.onConnection(setConnected));
    });
    return () => {
      active = false;
      unsubscribers.forEach((unsubscribe) => unsubscribe());
    };
  }, [docPath, key, queryClient]);

  const current = stored?.path === docPath ? stored : null;
  // Until the store answers: the design as this device last had it (read once per document).
  const known = useMemo(() => lastKnownValue(queryClient, docPath), [queryClient, docPath]);
  const shown = current ?? known ?? null;
  const document = useMemo(
    () => local.reduce<unknown>((doc, edit) => applyToDocument(doc, docPath, edit.updates), shown?.value ?? null),
    [shown, local, docPath],
  );
  const data = (document as StoredDesign | null)?.data ?? null;
  // An edit re-parses only the group it changed, and a value equal to the shown one (the
  // store's echo of an edit already shown) returns the same Creation object.
  const [parser] = useState(createCreationParser);
  const creation = useMemo(() => parser(data ?? {}), [parser, data]);

  const enqueue = useCallback((updates: Record<string, unknown>) => {
    const edit: OutboxEdit = { id: newEditId(), updates, createdAt: Date.now() };
    // Before React renders the edit: it is sent in this task (its write to IndexedDB commits
    // meanwhile), so it reaches the other tabs and the phone sooner.
    void designOutbox().enqueue(updates, edit.id);
    setLocal((known) => [...known, edit]);
    setRefused(null);
    return edit.id;
  }, []);

  const applyEdit = useCallback(
    (patch: Record<string, unknown>) => {
      const updates: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(patch)) {
        const inner = splitPath(key);
        if (inner) updates[`${docPath}/data/${inner.join('/')}`] = value;
      }
      // Field paths only: a whole-document write replayed late would undo other fields' edits.
      return enqueue(updates);
    },
    [docPath, enqueue],
  );

  const save = useCallback(
    (next: Creation) => enqueue({ [appConfigPath({ alias, version })]: { isDefault: true, version, data: next } }),
    [alias, enqueue, version],
  );

  const status: DesignStatus = !online || !connected ? 'offline' : pendingCount > 0 ? 'pending' : 'in-sync';
  return {
    creation,
    data,
    revision: shown?.revision ?? 0,
    loaded: current !== null,
    availability: availability(shown !== null, online),
    status,
    statusText: statusText(status, pendingCount),
    pendingCount,
    online: online && connected,
    applyEdit,
    save,
    refused,
    denied: denied?.path === docPath ? { message: denied.message, status: denied.status } : null,
  };
}
