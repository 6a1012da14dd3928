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
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { TOTAL_COUNT_HEADER } from '@contract/api';
import { envelopeOf } from '@contract/response';
import { z } from 'zod';
import { CHANGES, type ChangeBus } from '../changes/bus';
import { lazyChildLogger } from '../logger';
import { ok } from './envelope';

interface Variant {
  body: Buffer;
  etag: string;
  /** Every header of its 200, made once. */
  headers: Record<string, string>;
}

interface Entry {
  variants: Variant[];
}

/** An answer being built, and once built, the answer (read without waiting). */
interface Slot {
  building: Promise<Entry>;
  built?: Entry;
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

function variantOf(data: unknown, total: number | null): Variant {
  const body = Buffer.from(JSON.stringify(ok(data)));
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  // Every visitor may read it, yet each must revalidate: an edit shows at once.
  const headers: Record<string, string> = { 'cache-control': 'no-cache', etag, 'content-type': 'application/json; charset=utf-8' };
  if (total !== null) headers[TOTAL_COUNT_HEADER] = String(total);
  return { body, etag, headers };
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
  private readonly entries = new Map<string, Slot>();

  constructor(changes: ChangeBus) {
    // An answer still being built is dropped too: it may have read the rows before the change.
    changes.subscribe(CHANGES.catalogue, () => this.entries.clear());
  }

  private entry(key: string, build: () => Promise<CatalogueAnswer>, shuffle: boolean): Promise<Entry> {
    const cached = this.entries.get(key);
    if (cached) return cached.building;
    const building = (async (): Promise<Entry> => {
      const answer = await build();
      const { data } = answer;
      const total = answer.total ?? null;
      const variants =
        shuffle && Array.isArray(data) && data.length > 1
          ? Array.from({ length: SHUFFLE_VARIANTS }, () => variantOf(shuffled(data), total))
          : [variantOf(data, total)];
      return { variants };
    })();
    const slot: Slot = { building };
    this.entries.set(key, slot);
    building.then(
      (entry) => (slot.built = entry),
      // A failed build is not remembered: the next request tries again.
      () => this.entries.get(key) === slot && this.entries.delete(key),
    );
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    return building;
  }

  /** The route's onRequest hook after its guard: a current answer is sent at once; otherwise on to the handler. */
  readonly hit: onRequestHookHandler = (request, reply, done) => {
    const entry = this.entries.get(keyOf(request))?.built;
    if (!entry) return done();
    send(request, reply, entry);
  };

  /**
   * A cached route's hooks and config: `guard` first (a cached answer is still only for callers
   * it lets in), then `hit`; one access line per read, as it is answered at once, and no
   * request logger unless something logs.
   */
  guarded(guard: onRequestHookHandler) {
    return {
      onRequest: [guard, this.hit] as [onRequestHookHandler, onRequestHookHandler],
      config: { oneAccessLine: true as const },
      childLoggerFactory: lazyChildLogger,
    };
  }

  /** Answers from the cache, building the answer first when it is missing (or dropped by a change). */
  async reply(request: FastifyRequest, reply: FastifyReply, build: () => Promise<CatalogueAnswer>, options: { shuffle?: boolean } = {}): Promise<void> {
    send(request, reply, await this.entry(keyOf(request), build, options.shuffle ?? false));
  }
}

/** A URL names one route, and its query and parameters: one answer. */
const keyOf = (request: FastifyRequest) => request.url;

/** 304 when If-None-Match names one of the entry's answers, else the bytes of one of them. */
function send(request: FastifyRequest, reply: FastifyReply, entry: Entry): void {
  const ifNoneMatch = request.headers['if-none-match'];
  const current = ifNoneMatch ? entry.variants.find((variant) => matches(ifNoneMatch, variant.etag)) : undefined;
  if (current) {
    const { 'content-type': _type, ...headers } = current.headers;
    reply.code(304).headers(headers).send();
    return;
  }
  const variant = entry.variants.length === 1 ? (entry.variants[0] as Variant) : (entry.variants[Math.floor(Math.random() * entry.variants.length)] as Variant);
  reply.headers(variant.headers).send(variant.body);
}
