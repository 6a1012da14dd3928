/**
 * The hosted test pages post plain HTML forms (application/x-www-form-urlencoded). Fields are
 * read as strings, never logged: a card form holds a card number.
 */
import type { FastifyInstance } from 'fastify';

/** Hosted page forms are a few short fields. */
const FORM_BODY_LIMIT = 4096;

export type FormBody = Record<string, string>;

/** Adds the form parser to this scope (each test gateway's own plugin scope). */
export function acceptFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

/** A field of a parsed form, '' when absent. */
export function formField(body: unknown, name: string): string {
  if (typeof body !== 'object' || body === null) return '';
  const value = (body as FormBody)[name];
  return typeof value === 'string' ? value : '';
}
