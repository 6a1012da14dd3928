import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** Where links in e-mails point: PUBLIC_URL when set, else the origin the request came to. */
export function publicBase(config: Pick<Config, 'PUBLIC_URL'>, request: FastifyRequest): string {
  return (config.PUBLIC_URL ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
}
