/** The shopping cart. */
import { cssColour } from '@contract/colour';
import { cartItems, formatPrice, struckPrice } from '../../sample';
import { cartText } from '../../truncation';
import { Picture, PrimaryButton, Tap } from '../parts';
import type { PhoneScreenProps } from '../phone-screen-props';

export function CartPage({ creation, sample, dispatch }: PhoneScreenProps) {
  const items = cartItems(sample.products);
  const symbol = creation.shop.currencySymbol;
  const total = items.reduce((sum, p) => sum + p.price * p.quantity, 0);
  const m = creation.measurementItem;
  return (
    <div style={{ padding: 12, textAlign: 'left' }}>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 10 }}>
        {items.map((p) => (
          <div
            key={p.id}
            style={{
              display: 'flex',
              gap: 12,
              alignItems: 'center',
              background: '#fff',
              padding: 10,
              borderRadius: 14,
              boxShadow: '0 1px 4px rgba(17,24,39,.08)',
            }}
          >
            <span style={{ width: 62, height: 62, flex: 'none', borderRadius: 10, overflow: 'hidden' }}>
              <Picture src={p.image} alt="" />
            </span>
            <span style={{ flex: 1, minWidth: 0 }}>
              <span style={{ display: 'block', fontWeight: 600, color: cssColour(m.mainFontColor) }}>{cartText(p.name)}</span>
              <span style={{ display: 'block', fontSize: 12, color: cssColour(m.secondaryFontColor) }}>{cartText(p.short_description)}</span>
              <span style={{ display: 'flex', gap: 6, alignItems: 'baseline' }}>
                <strong style={{ color: cssColour(m.priceFontColor) }}>{formatPrice(symbol, p.price)}</strong>
                <s style={{ fontSize: 11, color: '#6B7085' }}>{formatPrice(symbol, struckPrice(p))}</s>
              </span>
            </span>
            <span style={{ fontSize: 12, color: '#6B7085' }}>x{p.quantity}</span>
          </div>
        ))}
      </div>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', margin: '16px 4px' }}>
        <span style={{ fontSize: 16 }}>Total</span>
        <strong style={{ fontSize: 20 }}>{formatPrice(symbol, total)}</strong>
      </div>
      <div style={{ display: 'flex', gap: 10 }}>
        <Tap
          onClick={() => dispatch({ type: 'go', screen: 'home-page' })}
          style={{
            flex: 1,
            padding: 12,
            borderRadius: 12,
            border: `1.5px solid ${cssColour(creation.colors.primary)}`,
            color: cssColour(creation.colors.primary),
            fontWeight: 600,
            textAlign: 'center',
          }}
        >
          Keep Shopping
        </Tap>
        <PrimaryButton creation={creation} label="Checkout" onClick={() => dispatch({ type: 'go', screen: 'check-out' })} style={{ flex: 1 }} />
      </div>
    </div>
  );
}
