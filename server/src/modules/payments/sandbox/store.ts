/**
 * What a built-in test gateway remembers (its customers, payments, intents, cards, refunds),
 * in `sandbox_objects`, so it behaves like a provider across restarts and processes. A status
 * change is conditional (`expectStatus`): two submissions of one payment page race to one winner.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/database';
import { preparedStatements } from '../../../db/prepared';
import { sandboxObjects } from '../../../db/schema';

export type SandboxRecord = Record<string, unknown>;

export interface SandboxStore {
  create<T extends SandboxRecord>(kind: string, id: string, data: T): Promise<T>;
  get<T extends SandboxRecord>(kind: string, id: string): Promise<T | null>;
  /** The first record of `kind` whose top-level `field` equals `value`. */
  findBy<T extends SandboxRecord>(kind: string, field: string, value: string): Promise<T | null>;
  /** Merges `patch` in; with `expectStatus`, only while the record's `status` is that value. Answers the new record, or null. */
  update<T extends SandboxRecord>(kind: string, id: string, patch: Partial<T>, expectStatus?: string): Promise<T | null>;
}

// Every saved-card charge creates and reads records (the monthly close makes thousands).
const statements = preparedStatements((db) => ({
  create: db
    .insert(sandboxObjects)
    .values({ provider: sql.placeholder('provider'), kind: sql.placeholder('kind'), id: sql.placeholder('id'), data: sql.placeholder('data') })
    .prepare('sandbox_create'),
  get: db
    .select({ data: sandboxObjects.data })
    .from(sandboxObjects)
    .where(
      and(
        eq(sandboxObjects.provider, sql.placeholder('provider')),
        eq(sandboxObjects.kind, sql.placeholder('kind')),
        eq(sandboxObjects.id, sql.placeholder('id')),
      ),
    )
    .limit(1)
    .prepare('sandbox_get'),
}));

export function sandboxStore(db: Database, provider: string): SandboxStore {
  const key = (kind: string, id: string) => and(eq(sandboxObjects.provider, provider), eq(sandboxObjects.kind, kind), eq(sandboxObjects.id, id));
  return {
    async create(kind, id, data) {
      await statements(db).create.execute({ provider, kind, id, data });
      return data;
    },
    async get<T extends SandboxRecord>(kind: string, id: string) {
      const [row] = await statements(db).get.execute({ provider, kind, id });
      return (row?.data as T | undefined) ?? null;
    },
    async findBy<T extends SandboxRecord>(kind: string, field: string, value: string) {
      const [row] = await db
        .select({ data: sandboxObjects.data })
        .from(sandboxObjects)
        .where(and(eq(sandboxObjects.provider, provider), eq(sandboxObjects.kind, kind), sql`${sandboxObjects.data} ->> ${field} = ${value}`))
        .orderBy(sandboxObjects.createdAt)
        .limit(1);
      return (row?.data as T | undefined) ?? null;
    },
    async update<T extends SandboxRecord>(kind: string, id: string, patch: Partial<T>, expectStatus?: string) {
      const condition = expectStatus === undefined ? key(kind, id) : and(key(kind, id), sql`${sandboxObjects.data} ->> 'status' = ${expectStatus}`);
      const [row] = await db
        .update(sandboxObjects)
        .set({ data: sql`${sandboxObjects.data} || ${JSON.stringify(patch)}::jsonb` })
        .where(condition)
        .returning({ data: sandboxObjects.data });
      return (row?.data as T | undefined) ?? null;
    },
  };
}
