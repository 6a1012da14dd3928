/**
 * A bill's charges carry the idempotency key bill-<id>-close (the close's) or
 * bill-<id>-after-<reference|none> (Pay now's, naming the charge it replaces), so a payment that
 * settles later names its bill, and whether it is the bill's latest charge.
 */
export const closeChargeKey = (billId: number) => `${billChargePrefix(billId)}close`;

export const payNowChargeKey = (billId: number, replaces: string | null) => `${billChargePrefix(billId)}after-${replaces ?? 'none'}`;

export const billChargePrefix = (billId: number) => `bill-${billId}-`;

/** The bill a charge is for and the charge it replaces (null: none), from its key; null for a key that is not a bill's. */
export function billChargeOfKey(idempotencyKey: string): { billId: number; replaces: string | null } | null {
  const found = /^bill-(\d+)-(?:close|after-(.+))$/.exec(idempotencyKey);
  if (!found) return null;
  const replaces = found[2];
  return { billId: Number(found[1]), replaces: replaces === undefined || replaces === 'none' ? null : replaces };
}
