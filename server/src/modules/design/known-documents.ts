/** The design documents this process wrote last, so the next edit of one skips a read (service.ts: applyToKnown). */
import type { Database } from '../../db/database';

/**
 * What this process last stored of each document it wrote: value, revision and row version
 * (PostgreSQL's xmin, new with every write of the row). A later edit to that document then needs
 * neither a read nor a transaction: see applyToKnown.
 */
export interface KnownDocument {
  value: unknown;
  revision: number;
  rowVersion: string;
}

/** How many documents a process keeps (the least recently written go first); a few MB at most. */
const KNOWN_DOCUMENTS = 200;
const knownDocuments = new WeakMap<Database, Map<string, KnownDocument>>();

export function lastStored(db: Database): Map<string, KnownDocument> {
  let documents = knownDocuments.get(db);
  if (!documents) knownDocuments.set(db, (documents = new Map()));
  return documents;
}

export function remember(db: Database, path: string, document: KnownDocument): void {
  const documents = lastStored(db);
  documents.delete(path);
  documents.set(path, document);
  if (documents.size > KNOWN_DOCUMENTS) documents.delete(documents.keys().next().value ?? path);
}
