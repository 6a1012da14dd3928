import { z } from 'zod/mini';

/** `?token=` of the e-mailed verification and reset links; anything else is dropped. */
export const tokenSearchSchema = z.object({
  token: z.catch(z.optional(z.pipe(z.union([z.string(), z.number()]), z.transform((value: string | number) => String(value).trim() || undefined))), undefined),
});
