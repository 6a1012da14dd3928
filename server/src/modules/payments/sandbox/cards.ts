/**
 * The test cards every built-in test gateway knows (the README lists them), and what a card
 * form's fields must hold. Only brand and last four digits outlive a form submission.
 */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  threeDSecure: '4000002760003184',
} as const;

export const CARD_MESSAGES = {
  declined: 'Your card was declined.',
  number: 'Your card number is incorrect.',
  expiry: "Your card's expiration date is invalid.",
  expired: 'Your card has expired.',
  cvc: "Your card's security code is invalid.",
  name: 'Enter the name on the card.',
  threeDSecureFailed: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
} as const;

export type CardOutcome = 'succeeds' | 'declined' | 'three_d_secure';

export interface CardSummary {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  outcome: CardOutcome;
}

/** Luhn's checksum: every real and test card number passes it. */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function brandOf(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(506|507|650)/.test(digits)) return 'verve';
  return 'unknown';
}

function outcomeOf(digits: string): CardOutcome {
  if (digits === TEST_CARDS.declined) return 'declined';
  if (digits === TEST_CARDS.threeDSecure) return 'three_d_secure';
  return 'succeeds';
}

export interface CardForm {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

/**
 * Checks a submitted card form as a provider's page would; answers the card's summary or the
 * message to show under the form. Any Luhn-valid number that is not a special test card succeeds.
 */
export function readCardForm(form: CardForm, now: Date = new Date()): { ok: true; card: CardSummary } | { ok: false; message: string } {
  const digits = form.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) return { ok: false, message: CARD_MESSAGES.number };
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(form.expiry);
  if (!expiry) return { ok: false, message: CARD_MESSAGES.expiry };
  const expMonth = Number(expiry[1]);
  const expYear = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  if (expMonth < 1 || expMonth > 12) return { ok: false, message: CARD_MESSAGES.expiry };
  if (expYear * 12 + expMonth < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) return { ok: false, message: CARD_MESSAGES.expired };
  if (!/^\d{3,4}$/.test(form.cvc.trim())) return { ok: false, message: CARD_MESSAGES.cvc };
  if (!form.name.trim()) return { ok: false, message: CARD_MESSAGES.name };
  return { ok: true, card: { brand: brandOf(digits), last4: digits.slice(-4), expMonth, expYear, outcome: outcomeOf(digits) } };
}
