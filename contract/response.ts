/**
 * Response schemas shared by every domain: the `{ message, data }` envelope (envelope.ts has its
 * zod-free types). The server serialises each answer through its route's schema, so only the
 * fields declared here ever leave it.
 */
import { z } from './zod';

export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ message: z.string(), data });
}

/** The data of answers that carry none (their message says what happened). */
export const noData = z.null();

/** An ISO 8601 timestamp as the API writes it. */
export const timestamp = z.string().meta({ format: 'date-time' });

/** A database id (PostgreSQL int4). */
export const id = z.number().int();

/** Every error answers `{ message }` with its status. */
export const errorSchema = z.object({ message: z.string() });
