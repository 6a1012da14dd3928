import { isValidEmail, isValidName, isValidPassword, isValidPhone } from '@contract/validation';

/** The registration form's fields, in the order they are validated. */
export interface RegisterValues {
  firstName: string;
  lastName: string;
  email: string;
  phoneNo: string;
  password: string;
  confirmPassword: string;
}

export const EMPTY_REGISTER_VALUES: RegisterValues = { firstName: '', lastName: '', email: '', phoneNo: '', password: '', confirmPassword: '' };

/**
 * Whether each field passes its rule, for live feedback while typing (spec section 5; the password
 * rules are ours, in PASSWORD_RULES). The same rules the contract's schemas run (./forms.ts).
 */
export function registerFieldChecks(values: RegisterValues): Record<keyof RegisterValues, boolean> {
  return {
    firstName: isValidName(values.firstName),
    lastName: isValidName(values.lastName),
    email: isValidEmail(values.email),
    phoneNo: isValidPhone(values.phoneNo),
    password: isValidPassword(values.password),
    confirmPassword: values.confirmPassword !== '' && values.confirmPassword === values.password,
  };
}

/** Spec section 3: social sign-in sends a random 5-character password. */
export function randomPassword(length = 5): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}
