/**
 * A bill's charges carry the idempotency key bill-<id>-<occasion> (the close's, or Pay now's after
 * an earlier charge), so a payment that settles later names its bill.
 */
export const billChargeKey = (billId: number, occasion: string) => `${billChargePrefix(billId)}${occasion}`;

export const billChargePrefix = (billId: number) => `bill-${billId}-`;

export function billIdOfKey(idempotencyKey: string): number | null {
  const found = /^bill-(\d+)-/.exec(idempotencyKey);
  return found ? Number(found[1]) : null;
}
