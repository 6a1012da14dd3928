/**
 * Request validation with zod: every route declares zod schemas for the parts it reads
 * (`schema: { body, querystring, params }`), the same schemas the portal can import from
 * contract/. Failures become a 400 whose message is a readable sentence per problem.
 */
import type { FastifySchemaCompiler, FastifyTypeProvider } from 'fastify';
import { z } from 'zod';

/** Types route handlers from their zod schemas (`app.withTypeProvider<ZodTypeProvider>()`). */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

type RequestPart = 'body' | 'querystring' | 'params' | 'headers';

class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(message: string) {
    super(message);
    this.name = 'RequestValidationError';
  }
}

const PART_NAMES: Record<RequestPart, { root: string; field: (name: string) => string }> = {
  body: { root: 'The request body', field: (name) => name },
  querystring: { root: 'The query string', field: (name) => `Query parameter ${name}` },
  params: { root: 'The path', field: (name) => `Path parameter ${name}` },
  headers: { root: 'The headers', field: (name) => `Header ${name}` },
};

function fieldLabel(part: RequestPart, issuePath: readonly PropertyKey[]): string {
  if (issuePath.length === 0) return PART_NAMES[part].root;
  const name = issuePath.map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`)).join('');
  return PART_NAMES[part].field(name);
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  date: 'a date',
  null: 'null',
};

function list(values: readonly unknown[]): string {
  return values.map((value) => JSON.stringify(value)).join(', ');
}

/** Readable messages for the problems a request usually has; zod's own text for the rest. */
function requestErrorMap(part: RequestPart): z.core.$ZodErrorMap {
  return (issue) => {
    const field = fieldLabel(part, issue.path ?? []);
    switch (issue.code) {
      case 'invalid_type':
        if (issue.input === undefined) return `${field} is required`;
        return `${field} must be ${TYPE_WORDS[issue.expected] ?? issue.expected}`;
      case 'too_small':
        if (issue.origin === 'string') {
          return Number(issue.minimum) <= 1 ? `${field} must not be empty` : `${field} must be at least ${issue.minimum} characters`;
        }
        if (issue.origin === 'array') return `${field} must have at least ${issue.minimum} items`;
        return `${field} must be ${issue.inclusive ? 'at least' : 'greater than'} ${issue.minimum}`;
      case 'too_big':
        if (issue.origin === 'string') return `${field} must be at most ${issue.maximum} characters`;
        if (issue.origin === 'array') return `${field} must have at most ${issue.maximum} items`;
        return `${field} must be ${issue.inclusive ? 'at most' : 'less than'} ${issue.maximum}`;
      case 'invalid_format':
        return issue.format === 'regex' ? `${field} has an invalid format` : `${field} must be a valid ${issue.format}`;
      case 'invalid_value':
        return `${field} must be one of ${list(issue.values)}`;
      case 'unrecognized_keys':
        return `${PART_NAMES[part].root} has unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
      default: {
        const fallback = z.config().localeError?.(issue);
        const text = typeof fallback === 'string' ? fallback : (fallback?.message ?? 'is invalid');
        return `${field}: ${text}`;
      }
    }
  };
}

const MAX_MESSAGES = 3;

type ValidationResult<T> = { value: T; error?: undefined } | { error: RequestValidationError; value?: undefined };

/** Parses one request part; the error message lists up to three distinct problems. */
export function validateRequestPart<T>(schema: z.ZodType<T>, data: unknown, part: RequestPart): ValidationResult<T> {
  const result = schema.safeParse(data, { error: requestErrorMap(part) });
  if (result.success) return { value: result.data };
  const messages = [...new Set(result.error.issues.map((issue) => issue.message))].slice(0, MAX_MESSAGES);
  // One problem reads as the schema wrote it (the contract's field messages); several become sentences.
  const message = messages.length === 1 ? (messages[0] ?? '') : messages.map((m) => (/[.!?]$/.test(m) ? m : `${m}.`)).join(' ');
  return { error: new RequestValidationError(message) };
}

/** Fastify's validator compiler for zod schemas (registered once in app.ts). */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const part: RequestPart = httpPart === 'body' || httpPart === 'params' || httpPart === 'headers' ? httpPart : 'querystring';
  // Fastify passes a missing body as null; zod should see "nothing was sent".
  return (data) => validateRequestPart(schema, part === 'body' && data === null ? undefined : data, part);
};
