/** The plans a merchant subscribes to (spec section 7: GET /v1/plans). */
import { z } from '../zod';
import { id } from '../response';

export const planSchema = z.object({
  id,
  planCode: z.string(),
  name: z.string(),
  amount: z.number().int().meta({ description: 'Minor units (cents) per month.' }),
  currencyCode: z.string(),
  description: z.string(),
});
export type Plan = z.infer<typeof planSchema>;
