/**
 * The catalogue's (and the plans') answers, serialised once and kept in memory with a strong ETag: every visitor
 * reads the same catalogue, and it changes only when seeded or edited. A `catalogue` change on the
 * change bus (published by a process that started, after its seed, or by any edit) drops every
 * copy in every process, so the next read is built afresh and carries a new ETag; a client holding
 * the old one gets the new body instead of a 304.
 *
 * A shuffled answer (spec section 9: sample products) keeps a few shuffles of the same items,
 * each with its own ETag; a request gets one at random, and an If-None-Match naming any of them
 * is a 304 (the client's copy is a valid shuffle of the current data).
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TOTAL_COUNT_HEADER } from '@contract/api';
import { envelopeOf } from '@contract/response';
import { z } from 'zod';
import { CHANGES, type ChangeBus } from '../changes/bus';
import { ok } from './envelope';

interface Variant {
  body: string;
  etag: string;
}

interface Entry {
  variants: Variant[];
  total: number | null;
}

/** An answer to cache: its data, and for a list page the count of all pages' items. */
interface CatalogueAnswer {
  data: unknown;
  total?: number;
}

/** Distinct query strings remembered per app; the oldest goes first (a crafted-query flood cannot grow memory). */
const MAX_ENTRIES = 1000;
/** Shuffles kept of a shuffled answer. */
const SHUFFLE_VARIANTS = 8;

/** The responses of a cached list: the envelope, or 304 when If-None-Match named the current answer. */
export const cachedListOf = (schema: z.ZodType) => ({
  200: envelopeOf(z.array(schema)),
  304: z.null().meta({ description: 'Not modified (If-None-Match named the current ETag).' }),
});

function variantOf(data: unknown): Variant {
  const body = JSON.stringify(ok(data));
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/** True when an If-None-Match header names `etag` (a list, weak or strong, or `*`). */
function matches(ifNoneMatch: string, etag: string): boolean {
  return ifNoneMatch.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '');
    return value === etag || value === '*';
  });
}

export function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

export class CatalogueCache {
  private readonly entries = new Map<string, Promise<Entry>>();

  constructor(changes: ChangeBus) {
    // An answer still being built is dropped too: it may have read the rows before the change.
    changes.subscribe(CHANGES.catalogue, () => this.entries.clear());
  }

  private entry(key: string, build: () => Promise<CatalogueAnswer>, shuffle: boolean): Promise<Entry> {
    const cached = this.entries.get(key);
    if (cached) return cached;
    const building = (async (): Promise<Entry> => {
      const answer = await build();
      const data = answer.data;
      const variants =
        shuffle && Array.isArray(data) && data.length > 1 ? Array.from({ length: SHUFFLE_VARIANTS }, () => variantOf(shuffled(data))) : [variantOf(data)];
      return { variants, total: answer.total ?? null };
    })();
    this.entries.set(key, building);
    // A failed build is not remembered: the next request tries again.
    building.catch(() => this.entries.get(key) === building && this.entries.delete(key));
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    return building;
  }

  /** Answers from the cache: 304 when If-None-Match names the current answer, else its bytes. */
  async reply(request: FastifyRequest, reply: FastifyReply, build: () => Promise<CatalogueAnswer>, options: { shuffle?: boolean } = {}): Promise<void> {
    const entry = await this.entry(`${request.routeOptions.url ?? ''} ${request.url}`, build, options.shuffle ?? false);
    // Every visitor may read it, yet each must revalidate: an edit shows at once.
    reply.header('cache-control', 'no-cache');
    if (entry.total !== null) reply.header(TOTAL_COUNT_HEADER, String(entry.total));
    const ifNoneMatch = request.headers['if-none-match'];
    const current = ifNoneMatch ? entry.variants.find((variant) => matches(ifNoneMatch, variant.etag)) : undefined;
    if (current) {
      reply.code(304).header('etag', current.etag).send();
      return;
    }
    const variant = entry.variants[Math.floor(Math.random() * entry.variants.length)] as Variant;
    reply.header('etag', variant.etag).type('application/json; charset=utf-8').send(variant.body);
  }
}
