/**
 * The hosted pages of the built-in test gateways: the card form (checkout or card setup) and
 * the 3-D Secure challenge. Every page says "Test mode" at the top; the card form's fields are
 * labelled Card number, Expiry, CVC and Name on card. The pages post back to their own gateway
 * path (same origin, so the portal's Content-Security-Policy admits them) and hold no script.
 */
import { escapeHtml } from '../../../html';

/** The one stylesheet of these pages, served by the sandbox at SANDBOX_STYLESHEET. */
export const SANDBOX_STYLESHEET = '/sandbox/hosted.css';
export const HOSTED_CSS = `
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f5f7;color:#1a1a2e}
.banner{background:#ffd54f;color:#3e2723;text-align:center;padding:8px;font-weight:700;letter-spacing:.02em}
main{max-width:420px;margin:24px auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:1.25rem;margin:0 0 4px}
.provider{color:#555;margin:0 0 16px}
.amount{font-size:1.75rem;font-weight:700;margin:0 0 16px}
label{display:block;font-weight:600;margin:12px 0 4px}
input{box-sizing:border-box;width:100%;padding:10px 12px;font:inherit;border:1px solid #888;border-radius:8px}
.row{display:flex;gap:12px}.row>div{flex:1}
.error{background:#fdecea;color:#8a1c12;border-radius:8px;padding:8px 12px;margin:0 0 12px}
.actions{display:flex;gap:12px;margin-top:20px}
button{flex:1;padding:12px;font:inherit;font-weight:700;border-radius:8px;border:0;cursor:pointer}
.primary{background:#3949ab;color:#fff}.secondary{background:#e0e0e0;color:#1a1a2e}
.hint{color:#555;font-size:.875rem;margin-top:16px}
`;

export interface CardPageInput {
  /** The provider's name as a merchant knows it (Stripe, Paystack, Flutterwave). */
  providerName: string;
  title: string;
  /** "$1.00" (formatted by the caller), or null for a card setup with no charge shown. */
  amountText: string | null;
  submitLabel: 'Pay' | 'Save card';
  /** Form targets (POST). */
  submitAction: string;
  cancelAction: string;
  error?: string | null;
}

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} (Test mode)</title>
<link rel="stylesheet" href="${SANDBOX_STYLESHEET}"></head>
<body><div class="banner" role="status">Test mode: no real money moves</div><main>${body}</main></body></html>`;

export function cardPage(input: CardPageInput): string {
  const error = input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : '';
  const amount = input.amountText ? `<p class="amount">${escapeHtml(input.amountText)}</p>` : '';
  return page(
    input.title,
    `<h1>${escapeHtml(input.title)}</h1><p class="provider">${escapeHtml(input.providerName)} (Test mode)</p>${amount}${error}
<form method="post" action="${escapeHtml(input.submitAction)}" autocomplete="off">
<label for="number">Card number</label><input id="number" name="number" inputmode="numeric" autocomplete="off" required placeholder="4242 4242 4242 4242">
<div class="row"><div><label for="expiry">Expiry</label><input id="expiry" name="expiry" autocomplete="off" required placeholder="MM / YY"></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="off" required placeholder="123"></div></div>
<label for="name">Name on card</label><input id="name" name="name" autocomplete="off" required>
<div class="actions"><button class="primary" type="submit">${input.submitLabel}</button>
<button class="secondary" type="submit" formaction="${escapeHtml(input.cancelAction)}" formnovalidate>Cancel</button></div>
</form>
<p class="hint">Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0027 6000 3184 asks for 3-D Secure. Any future expiry and any CVC.</p>`,
  );
}

export interface ChallengePageInput {
  providerName: string;
  amountText: string | null;
  completeAction: string;
  failAction: string;
}

/** The 3-D Secure challenge a bank would show: Complete or Fail. */
export function challengePage(input: ChallengePageInput): string {
  const amount = input.amountText ? `<p class="amount">${escapeHtml(input.amountText)}</p>` : '';
  return page(
    '3-D Secure',
    `<h1>Confirm this payment</h1><p class="provider">${escapeHtml(input.providerName)} 3-D Secure (Test mode)</p>${amount}
<p>Your bank asks you to confirm. In test mode, choose what the bank answers.</p>
<form method="post" action="${escapeHtml(input.completeAction)}"><div class="actions">
<button class="primary" type="submit">Complete</button>
<button class="secondary" type="submit" formaction="${escapeHtml(input.failAction)}">Fail</button></div></form>`,
  );
}

/** A page that tells the merchant where they are after the form (when there is no return URL). */
export function noticePage(title: string, text: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`);
}
