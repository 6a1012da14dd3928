/**
 * One bound on every JSON the server reads, request bodies and socket.io payloads alike: at most
 * JSON_LIMITS.bytes, and arrays and objects nested at most JSON_LIMITS.depth levels (a design
 * document is 6 deep). The depth is counted on the text, in one pass and without recursion,
 * before anything parses, validates, walks or stores the value: a value 10 000 levels deep used to
 * overflow the stack of whatever walked it first (issue 27).
 */
import type { FastifyInstance } from 'fastify';
import { HttpError } from './http-error';

export const JSON_LIMITS = { bytes: 1024 * 1024, depth: 32 } as const;

export const JSON_MESSAGES = {
  bodyTooDeep: `The request body is nested too deeply: at most ${JSON_LIMITS.depth} levels`,
  messageTooDeep: `The message is nested too deeply: at most ${JSON_LIMITS.depth} levels`,
  messageTooLarge: 'The message is too large',
} as const;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]);
const CLOSERS = new Set([0x5d, 0x7d]);

/** Does the JSON `text` open more than `max` arrays or objects inside each other? (Brackets in strings do not count.) */
export function nestedDeeperThan(text: string, max: number = JSON_LIMITS.depth): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (OPENERS.has(code)) {
      depth += 1;
      if (depth > max) return true;
    } else if (CLOSERS.has(code)) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * Replaces Fastify's application/json parser (in `app` and every scope under it) by one that
 * refuses a body nested deeper than the bound with a 400, then parses as Fastify does (prototype
 * poisoning refused). Bodies over JSON_LIMITS.bytes never get here: Fastify's bodyLimit is a 413.
 */
export function boundJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (nestedDeeperThan(text)) return done(new HttpError(400, JSON_MESSAGES.bodyTooDeep), undefined);
    return parse(request, text, done);
  });
}
