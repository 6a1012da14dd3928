/**
 * socket.io's packet parser with the JSON bound of every request body (http/json-limits.ts): a
 * text packet whose payload is over JSON_LIMITS.bytes or nested deeper than JSON_LIMITS.depth is
 * never parsed. An event keeps its name and gets a RefusedPayload as its only argument, which
 * `refuseBoundedPayloads` answers on the event's acknowledgement (`{ok: false, status, message}`:
 * 413 or 400) before any handler runs; any other packet (a connect, an acknowledgement, a binary
 * event) that breaks the bound is a protocol error, and socket.io closes that connection.
 */
import type { Socket } from 'socket.io';
import { Decoder, Encoder, type Packet } from 'socket.io-parser';
import { JSON_LIMITS, JSON_MESSAGES, nestedDeeperThan } from '../http/json-limits';

/** What a handler would have received in place of a payload over the bound (never made by JSON). */
class RefusedPayload {
  constructor(
    readonly status: 400 | 413,
    readonly message: string,
  ) {}
}

/** `2/nsp,12["event",...]`: where the JSON of a text packet starts (no brace or bracket comes before it). */
const payloadStart = (packet: string) => packet.search(/[[{]/);
/** The event name a payload starts with, read without parsing the rest (null when there is none). */
const EVENT_NAME = /^\[\s*("(?:[^"\\]|\\.){1,200}")\s*,/;
const EVENT = '2';

function refusalOf(json: string): RefusedPayload | null {
  if (Buffer.byteLength(json) > JSON_LIMITS.bytes) return new RefusedPayload(413, JSON_MESSAGES.messageTooLarge);
  if (nestedDeeperThan(json)) return new RefusedPayload(400, JSON_MESSAGES.messageTooDeep);
  return null;
}

type DecodedListener = (packet: Packet) => void;

/** socket.io-parser's Decoder behind the bound (socket.io calls add, on/removeListener('decoded') and destroy). */
class BoundedDecoder {
  private readonly inner = new Decoder();
  private refusal: RefusedPayload | null = null;
  private readonly listeners = new Set<DecodedListener>();

  constructor() {
    this.inner.on('decoded', (packet: Packet) => {
      const decoded = this.refusal && Array.isArray(packet.data) ? { ...packet, data: [packet.data[0], this.refusal] } : packet;
      for (const listener of this.listeners) listener(decoded);
    });
  }

  add(chunk: unknown): void {
    if (typeof chunk !== 'string') return this.inner.add(chunk);
    const start = payloadStart(chunk);
    const refusal = start < 0 ? null : refusalOf(chunk.slice(start));
    if (!refusal) return this.inner.add(chunk);
    const name = chunk[0] === EVENT ? EVENT_NAME.exec(chunk.slice(start, start + 512))?.[1] : undefined;
    if (!name) throw new Error(refusal.message);
    // The packet as it came, with its payload cut down to the event's name.
    this.refusal = refusal;
    try {
      this.inner.add(`${chunk.slice(0, start)}[${name}]`);
    } finally {
      this.refusal = null;
    }
  }

  on(event: 'decoded', listener: DecodedListener): this {
    if (event === 'decoded') this.listeners.add(listener);
    return this;
  }

  removeListener(event: 'decoded', listener: DecodedListener): this {
    if (event === 'decoded') this.listeners.delete(listener);
    return this;
  }

  destroy(): void {
    this.inner.destroy();
    this.listeners.clear();
  }
}

/** The `parser` option of socket.io's Server. */
export const boundedParser = { Encoder, Decoder: BoundedDecoder };

/** Answers an event that carries a RefusedPayload on its acknowledgement; its handlers never see it. */
export function refuseBoundedPayloads(socket: Socket): void {
  socket.use((event, next) => {
    const refusal = event.find((argument): argument is RefusedPayload => argument instanceof RefusedPayload);
    if (!refusal) return next();
    const ack = event.at(-1);
    if (typeof ack === 'function') (ack as (answer: unknown) => void)({ ok: false, status: refusal.status, message: refusal.message });
  });
}
