import { z } from '../zod';

/** GET /healthz while the database answers. */
export const healthSchema = z.object({ db: z.literal('up') });
export type Health = z.infer<typeof healthSchema>;
