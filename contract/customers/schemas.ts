/** Spec section 3 Customer: the billing identity of a user, created from customer fields. */
import { z } from '../zod';
import { id, timestamp } from '../response';
import { emailText, longText, nameText, phoneText } from '../text';

/** POST /v1/customers */
export const customerSchema = z.object({
  firstName: nameText('First Name'),
  lastName: nameText('Last Name'),
  email: emailText(),
  phoneNo: phoneText(),
  address: longText('Address').optional().nullable(),
});
export type CustomerPayload = z.input<typeof customerSchema>;

export const customerResponseSchema = z.object({
  id,
  userId: id,
  /** The gateways' customer reference (spec section 3 Payment request: customerCode). */
  customerCode: z.string().meta({ description: "The gateways' customer reference: CUS_ and 16 characters." }),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNo: z.string(),
  address: z.string().nullable(),
  createdAt: timestamp,
});
export type Customer = z.infer<typeof customerResponseSchema>;
