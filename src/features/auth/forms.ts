/**
 * The account forms' submit gates: the contract's zod schemas, the same ones the server runs on
 * these payloads, so the portal never sends what the server would refuse. Kept apart from
 * ./model.ts because zod is only loaded with the forms.
 */
import { forgotPasswordSchema, registrationSchema, type RegistrationPayload } from '@contract/auth/schemas';
import type { RegisterValues } from './model';

/** The registration payload (spec section 3) of what the form holds. */
export function registrationPayload(values: RegisterValues, referredByCode: string | null): RegistrationPayload {
  return {
    ...values,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    role: 'user',
    grant_type: 'email',
    requiresVerification: true,
    referredByCode,
  };
}

/**
 * Spec section 4 "Register button": enabled only when the last validated field is valid and the
 * privacy-policy box is ticked. Read literally, a valid last field would let an invalid email
 * through, which section 5 forbids ("an invalid email disables Register"); so the whole payload
 * must pass, which includes the last field.
 */
export function canRegister(values: RegisterValues, agreed: boolean): boolean {
  return agreed && registrationSchema.safeParse(registrationPayload(values, null)).success;
}

/** Forgot-password needs a valid email (spec section 5). */
export function canRequestReset(email: string): boolean {
  return forgotPasswordSchema.safeParse({ email }).success;
}
