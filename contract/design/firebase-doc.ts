/**
 * A design document as the Firebase Realtime Database stores it in Firebase mode: the value
 * `{isDefault, version, data}` beside the `firebase` adapter's bookkeeping, which readers never
 * see: `revision` (applied edits), `editIds` (the last applied edit ids, so a replay is skipped)
 * and `editedBy` (the uid of the last writer; database.rules.json lets a user name only itself).
 * Shared by the adapter (src/realtime/firebase.ts) and the server's mirror.
 */
export interface StoredDocument {
  revision?: number;
  editIds?: Record<string, number>;
  editedBy?: string;
  [key: string]: unknown;
}

/** The document's value as readers see it, its revision and its last writer. */
export function visibleDocument(node: StoredDocument | null): { value: unknown; revision: number; editedBy: string | null } {
  if (!node) return { value: null, revision: 0, editedBy: null };
  const { revision = 0, editIds, editedBy = null, ...value } = node;
  void editIds;
  return { value: Object.keys(value).length ? value : null, revision, editedBy };
}
