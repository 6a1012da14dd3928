/** What the composition root and billing use of payments: the module (gateways, test gateways, reconciliation) and charging a saved card. */
export { registerPayments, type Payments } from './routes';
export { NoSavedCard, type Charge } from './charges';
