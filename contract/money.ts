/**
 * Money as every screen writes it (spec section 9): amounts travel in minor units (cents) and are
 * shown with two decimals and en-US grouping, after a currency code ("USD 1,234.50") or a symbol
 * ("$1,234.50"). The digits are Intl.NumberFormat's en-US ones (a unit test holds them equal), but
 * written by hand: the first Intl formatter a page builds loads locale data, a 70 ms task on a
 * mid-range phone in the first render of the pricing cards and the phone preview. Integer
 * arithmetic avoids binary rounding surprises such as 1.005.
 */
export type MoneyCurrency = { code: string } | { symbol: string };

export function formatMoney(minorUnits: number, currency: MoneyCurrency): string {
  const cents = Math.round(Number.isFinite(minorUnits) ? minorUnits : 0);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const digits = `${String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${String(abs % 100).padStart(2, '0')}`;
  return 'code' in currency ? `${currency.code.trim().toUpperCase()} ${sign}${digits}` : `${sign}${currency.symbol}${digits}`;
}
