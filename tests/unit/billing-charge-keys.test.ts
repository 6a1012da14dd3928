import { describe, expect, it } from 'vitest';
import { billChargeOfKey, billChargePrefix, closeChargeKey, payNowChargeKey } from '../../server/src/modules/billing/charge-keys';

describe('billing charge keys', () => {
  it('name the bill and the charge they replace, and are read back', () => {
    expect(billChargeOfKey(closeChargeKey(12))).toEqual({ billId: 12, replaces: null });
    expect(billChargeOfKey(payNowChargeKey(12, null))).toEqual({ billId: 12, replaces: null });
    expect(billChargeOfKey(payNowChargeKey(12, 'ssa_0a1b'))).toEqual({ billId: 12, replaces: 'ssa_0a1b' });
    expect(closeChargeKey(12).startsWith(billChargePrefix(12))).toBe(true);
  });

  it('a key that is not a bill charge names no bill', () => {
    for (const key of ['card-setup-1', 'bill-x-close', 'bill-12-', 'bill-12-other', 'xbill-12-close']) expect(billChargeOfKey(key)).toBeNull();
  });
});
