/** Path parameters several modules share. */
import { z } from 'zod';

/** The largest PostgreSQL int4: every id column is one. */
export const INT4_MAX = 2_147_483_647;

/** A positive int4 id in a path: anything else is a 400, never a database error. */
export const idParam = (label: string) =>
  z.coerce
    .number({ error: `Path parameter ${label} must be a number` })
    .int(`Path parameter ${label} must be an integer`)
    .positive(`Path parameter ${label} must be a positive id`)
    .max(INT4_MAX, `Path parameter ${label} is out of range`);

/** `:userId` of the user routes. */
export const userIdParams = z.object({ userId: idParam('userId') });
