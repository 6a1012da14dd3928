/**
 * Responses go out through their route's zod schema (`schema.response[200]`): object schemas
 * strip every key they do not declare, so a field a query happened to read (a password hash, a
 * session version) can never leave the server. An answer that does not match its schema is a
 * bug: it is logged and answered as a 500 rather than sent half-right.
 */
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

class ResponseShapeError extends Error {
  constructor(
    readonly url: string,
    readonly issues: string,
  ) {
    super(`The answer of ${url} does not match its response schema: ${issues}`);
    this.name = 'ResponseShapeError';
  }
}

export const zodSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema, url }) => {
  return (data) => {
    const result = schema.safeParse(data);
    if (!result.success) throw new ResponseShapeError(url, z.prettifyError(result.error).slice(0, 500));
    return JSON.stringify(result.data);
  };
};
