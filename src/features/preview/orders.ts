/**
 * The sample order history (spec section 3 Order): statuses, their colours, the orders.
 */
import { CONSTANTS } from '@contract/constants';
import type { SampleProduct } from '@contract/catalog/schemas';

const ORDER_STATUSES = ['created', 'processing', 'in-transit', 'order-arrived', 'delivered'] as const;
type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Each order status with its own colour (text on a tinted chip). */
export const ORDER_STATUS_COLOURS: Record<OrderStatus, string> = {
  created: '#5B6B8C',
  processing: '#B26A00',
  'in-transit': '#1565C0',
  'order-arrived': '#6A1B9A',
  delivered: '#2E7D32',
};

interface SampleOrder {
  orderNo: string;
  userName: string;
  amount: number;
  status: OrderStatus;
  items: number;
}

/** Spec section 3 Order (amount, orderNo, userName, status): one per status, and two more. */
export function sampleOrders(products: readonly SampleProduct[]): SampleOrder[] {
  const names = ['Ada Obi', 'Lena Park', 'Tom Reyes', 'Mia Chen', 'Sam Adler', 'Zoe Blake', 'Kofi Mensah'];
  return Array.from({ length: 7 }, (_, i) => ({
    orderNo: `#${(48210 + i * 37).toString()}`,
    userName: names[i] as string,
    amount: (products[i]?.price ?? CONSTANTS.samplePrice) * (1 + (i % 3)),
    status: ORDER_STATUSES[i % ORDER_STATUSES.length] as OrderStatus,
    items: 1 + (i % 3),
  }));
}
