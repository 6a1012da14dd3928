/** pino options for Fastify: structured logs with credentials and passwords censored. */
import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.confirmPassword',
  '*.passwordHash',
  '*.token',
  '*.accessToken',
  'password',
  'passwordHash',
  'token',
  'JWT_SECRET',
  'CLIENT_CREDENTIAL',
  '*.JWT_SECRET',
  '*.CLIENT_CREDENTIAL',
];

/** Fastify's logger option in its object form (pino options). */
export type LoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;

export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>): LoggerOptions {
  return { level: config.LOG_LEVEL, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
}
