/** What the composition root uses of payments: the module with its gateways, test gateways and reconciliation. */
export { registerPayments } from './routes';
