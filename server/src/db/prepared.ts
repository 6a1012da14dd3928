/**
 * Statements a hot path runs thousands of times (the monthly close charges bill after bill), built
 * once per database: drizzle's query building was a quarter of the close's CPU, and a named
 * statement is parsed once per PostgreSQL connection. Values go in as `sql.placeholder`s.
 */
import { sql } from 'drizzle-orm';
import type { Database } from './database';

export function preparedStatements<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let statements = built.get(db);
    if (!statements) {
      statements = build(db);
      built.set(db, statements);
    }
    return statements;
  };
}

/** A placeholder where drizzle's types take only SQL (an UPDATE's SET). */
export const param = (name: string) => sql`${sql.placeholder(name)}`;
