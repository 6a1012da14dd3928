/** Spec section 3 Credit. */
import { z } from '../zod';
import { id } from '../response';

export const creditSchema = z.object({
  id,
  value: z.number().int().meta({ description: 'Minor units (cents). Displayed as value / 100 with 2 decimals, in dollars.' }),
});
export type Credit = z.infer<typeof creditSchema>;
