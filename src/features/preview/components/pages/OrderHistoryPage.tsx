/** The order history, each order with its status colour. */
import { ORDER_STATUS_COLOURS, sampleOrders } from '../../orders';
import { formatPrice } from '../../sample';
import type { PhoneScreenProps } from '../phone-screen-props';

export function OrderHistory({ creation, sample }: PhoneScreenProps) {
  const symbol = creation.shop.currencySymbol;
  return (
    <div style={{ padding: 12, paddingBottom: 90, display: 'flex', flexDirection: 'column', gap: 10, textAlign: 'left' }}>
      {sampleOrders(sample.products).map((order) => {
        const colour = ORDER_STATUS_COLOURS[order.status];
        return (
          <div
            key={order.orderNo}
            style={{
              background: '#fff',
              color: '#1F2233',
              borderRadius: 14,
              padding: 12,
              boxShadow: '0 1px 4px rgba(17,24,39,.08)',
              borderLeft: `4px solid ${colour}`,
            }}
          >
            <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
              <strong>Order {order.orderNo}</strong>
              <span
                data-status={order.status}
                style={{
                  fontSize: 11,
                  fontWeight: 700,
                  padding: '3px 8px',
                  borderRadius: 999,
                  color: colour,
                  background: `${colour}1F`,
                  textTransform: 'capitalize',
                }}
              >
                {order.status.replace('-', ' ')}
              </span>
            </div>
            <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 6, fontSize: 13, color: '#5E6378' }}>
              <span>
                {order.userName} · {order.items} {order.items === 1 ? 'item' : 'items'}
              </span>
              <strong style={{ color: '#1F2233' }}>{formatPrice(symbol, order.amount)}</strong>
            </div>
          </div>
        );
      })}
    </div>
  );
}
