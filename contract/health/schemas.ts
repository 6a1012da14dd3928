import { z } from '../zod';

/**
 * GET /healthz while the database answers. `redis`: 'off' when REDIS_URL is not set, 'down' while
 * the server cannot reach it (it keeps answering on this process's view: docs/features/caching.md).
 */
export const healthSchema = z.object({ db: z.literal('up'), redis: z.enum(['up', 'down', 'off']) });
export type Health = z.infer<typeof healthSchema>;
