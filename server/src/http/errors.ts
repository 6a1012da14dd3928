/**
 * The one error handler: every failure leaves as `{ message }` with a 4xx/5xx status, a human
 * sentence, and never a stack trace. Unexpected errors are logged and answered as a plain 500.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '@contract/envelope';
import { HttpError } from './http-error';

/** Fastify's own 4xx errors whose built-in wording we replace with a clearer sentence. */
const FRAMEWORK_MESSAGES: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'Malformed JSON body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'Malformed JSON body: the body is empty' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'The request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Unsupported content type: send application/json' },
};

export function errorReply(error: FastifyError | HttpError | Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const framework = 'code' in error && typeof error.code === 'string' ? FRAMEWORK_MESSAGES[error.code] : undefined;
  if (framework) return reply.code(framework.status).send({ message: framework.message } satisfies ErrorBody);

  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (error instanceof HttpError || (status >= 400 && status < 500)) {
    if (error instanceof HttpError) reply.headers(error.headers);
    return reply.code(status).send({ message: error.message } satisfies ErrorBody);
  }
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send({ message: 'Internal server error' } satisfies ErrorBody);
}
