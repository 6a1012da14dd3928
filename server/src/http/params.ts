/** Path parameters several modules share. */
import { z } from 'zod';
import { ALIAS_PATTERN } from '@contract/shops/alias';
import { tokenText } from '@contract/text';

/** The largest PostgreSQL int4: every id column is one. */
export const INT4_MAX = 2_147_483_647;

/** A positive int4 id in a path: anything else is a 400, never a database error. */
export const idParam = (label: string) =>
  z.coerce
    .number({ error: `Path parameter ${label} must be a number` })
    .int(`Path parameter ${label} must be an integer`)
    .positive(`Path parameter ${label} must be a positive id`)
    .max(INT4_MAX, `Path parameter ${label} is out of range`);

/** A shop alias in a path: the shape aliases have (anything else cannot be a shop: a 404, never a query). */
export const aliasParam = z
  .string()
  .max(64)
  .refine((value) => ALIAS_PATTERN.test(value), { error: 'Path parameter alias is not a shop alias' });
/** `:alias` of the shop routes. */
export const aliasParams = z.object({ alias: aliasParam });

/** `:userId` of the user routes. */
export const userIdParams = z.object({ userId: idParam('userId') });

const IDEMPOTENCY_KEY_MAX = 255;
/** The Idempotency-Key header's value when it is a usable key (payments, builds), else undefined. */
export const idempotencyKeyOf = (header: string | string[] | undefined): string | undefined => {
  const value = Array.isArray(header) ? header[0] : header;
  const parsed = tokenText('Idempotency-Key', IDEMPOTENCY_KEY_MAX).safeParse(value);
  return parsed.success ? parsed.data : undefined;
};
