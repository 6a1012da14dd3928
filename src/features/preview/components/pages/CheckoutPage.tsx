/** The checkout: address, payment and the order's total. */
import { cssColour, withOpacity } from '@contract/colour';
import { Icon } from '../../icons';
import { cartItems, formatPrice } from '../../sample';
import { PrimaryButton, Section } from '../parts';
import type { PhoneScreenProps } from '../phone-screen-props';

export function CheckoutPage({ creation, sample, dispatch }: PhoneScreenProps) {
  const items = cartItems(sample.products);
  const symbol = creation.shop.currencySymbol;
  const subtotal = items.reduce((sum, p) => sum + p.price * p.quantity, 0);
  const primary = cssColour(creation.colors.primary);
  const row = (label: string, value: string, strong = false) => (
    <div style={{ display: 'flex', justifyContent: 'space-between', padding: '3px 0', fontWeight: strong ? 700 : 400 }}>
      <span>{label}</span>
      <span>{value}</span>
    </div>
  );
  const option = (icon: 'shipping' | 'store' | 'payment' | 'phone', label: string, detail: string, selected: boolean) => (
    <div
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 10,
        padding: 10,
        borderRadius: 12,
        border: `1.5px solid ${selected ? primary : '#E2E4EE'}`,
        marginBottom: 8,
        background: selected ? withOpacity(creation.colors.primary, 0.06) : '#fff',
      }}
    >
      <Icon name={icon} color={selected ? primary : '#6B7085'} />
      <span style={{ flex: 1 }}>
        <strong style={{ display: 'block', fontSize: 13 }}>{label}</strong>
        <span style={{ fontSize: 12, color: '#6B7085' }}>{detail}</span>
      </span>
      <span
        aria-hidden="true"
        style={{
          width: 18,
          height: 18,
          borderRadius: 9,
          border: `2px solid ${selected ? primary : '#C5C9D6'}`,
          boxShadow: selected ? `inset 0 0 0 3px #fff, inset 0 0 0 9px ${primary}` : 'none',
        }}
      />
    </div>
  );
  return (
    <div style={{ padding: '12px 0', textAlign: 'left', color: '#1F2233' }}>
      <Section title="Deliver To" color={primary}>
        <div style={{ display: 'flex', gap: 10, alignItems: 'flex-start' }}>
          <Icon name="place" color={primary} />
          <span>
            <strong style={{ display: 'block' }}>Ada Obi</strong>
            <span style={{ fontSize: 13, color: '#5E6378' }}>14 Marina Road, Lagos · +234 801 234 5678</span>
          </span>
        </div>
      </Section>
      <Section title="Mode of Delivery" color={primary}>
        {option('shipping', 'Home delivery', 'Arrives in 2-3 days', true)}
        {option('store', 'Pick up in store', 'Ready tomorrow', false)}
      </Section>
      <Section title="Order Summary" color={primary}>
        {row(`${items.length} items`, formatPrice(symbol, subtotal))}
        {row('Delivery', formatPrice(symbol, 0))}
        {row('Total', formatPrice(symbol, subtotal), true)}
      </Section>
      <Section title="Payment Mode" color={primary}>
        {option('payment', 'Card', '•••• 4242', true)}
        {option('phone', 'Pay on delivery', 'Cash or transfer', false)}
      </Section>
      <div style={{ padding: '0 12px 16px' }}>
        <PrimaryButton creation={creation} label="Place Order" onClick={() => dispatch({ type: 'go', screen: 'order-history' })} style={{ width: '100%' }} />
      </div>
    </div>
  );
}
