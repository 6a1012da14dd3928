/**
 * Money display (spec section 9: "the amount as currency code plus 2 decimals"; amounts travel
 * in minor units). Integer arithmetic avoids binary rounding surprises such as 1.005.
 */
/**
 * 1234567 -> "1,234,567" (en-US grouping) without Intl: the first Intl formatter a page creates
 * loads locale data, tens of milliseconds on a phone in the middle of the pricing cards' first render.
 */
function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export function formatMoney(minorUnits: number, currencyCode: string): string {
  const cents = Math.round(Number.isFinite(minorUnits) ? minorUnits : 0);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = groupThousands(Math.floor(abs / 100));
  const fraction = String(abs % 100).padStart(2, '0');
  return `${currencyCode.trim().toUpperCase()} ${sign}${whole}.${fraction}`;
}

/** A plan price: its monthly amount, e.g. "USD 49.00 / month". */
export function formatMonthlyPrice(minorUnits: number, currencyCode: string): string {
  return `${formatMoney(minorUnits, currencyCode)} / month`;
}

/** Credit display (spec section 9): value / 100 with 2 decimals, in dollars, e.g. "$5.00". */
export function formatDollars(minorUnits: number): string {
  const cents = Math.round(Number.isFinite(minorUnits) ? minorUnits : 0);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}$${groupThousands(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}

/** "5 minutes ago" style text of an ISO time, relative to `now`. */
export function relativeTime(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  if (seconds < 60) return format.format(-seconds, 'second');
  if (seconds < 3600) return format.format(-Math.round(seconds / 60), 'minute');
  if (seconds < 86_400) return format.format(-Math.round(seconds / 3600), 'hour');
  return format.format(-Math.round(seconds / 86_400), 'day');
}
