// TEMPORARY re-export shim for the portal's imports of today; the lead removes it after integration (import from contract/catalog/ instead).
export type { Plan, SuperCategory } from './catalog/schemas';
