import { describe, expect, it } from 'vitest';
import { FormError, parseStripeForm } from '../../server/src/modules/payments/sandbox/stripe-form';

describe("the Stripe test gateway's form-body reader", () => {
  it('reads flat, nested, indexed and [] keys as the SDK encodes them', () => {
    const body = new URLSearchParams([
      ['mode', 'payment'],
      ['metadata[reference]', 'ref 1&2'],
      ['metadata[userId]', '7'],
      ['line_items[0][price_data][currency]', 'usd'],
      ['line_items[0][price_data][unit_amount]', '2500'],
      ['line_items[0][price_data][product_data][name]', 'Studio plan'],
      ['line_items[0][quantity]', '1'],
      ['line_items[1][quantity]', '2'],
      ['expand[]', 'payment_method'],
      ['expand[]', 'latest_charge'],
    ]).toString();
    expect(parseStripeForm(body)).toEqual({
      mode: 'payment',
      metadata: { reference: 'ref 1&2', userId: '7' },
      line_items: [{ price_data: { currency: 'usd', unit_amount: '2500', product_data: { name: 'Studio plan' } }, quantity: '1' }, { quantity: '2' }],
      expand: ['payment_method', 'latest_charge'],
    });
    expect(parseStripeForm('expand[0]=payment_intent.payment_method&expand[1]=payment_intent.latest_charge')).toEqual({
      expand: ['payment_intent.payment_method', 'payment_intent.latest_charge'],
    });
    expect(parseStripeForm('')).toEqual({});
  });

  it('refuses names that are malformed, too deep, clash, or reach the prototype', () => {
    for (const body of [
      '[x]=1',
      'a[b=1',
      'a]b=1',
      'a[b][c][d][e][f][g]=1',
      'a=1&a[b]=2',
      'metadata[__proto__][x]=1',
      'constructor[prototype]=1',
      'list[0]=1&list[key]=2',
    ]) {
      expect(() => parseStripeForm(body), body).toThrow(FormError);
    }
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
