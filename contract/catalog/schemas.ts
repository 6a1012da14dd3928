/** Response shapes of the catalogue calls: GET /v1/plans and GET /v1/super-categories. */
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

export const superCategorySchema = z.object({ id, name: z.string() });
export type SuperCategory = z.infer<typeof superCategorySchema>;
