/** Response shapes of the catalogue calls: GET /v1/plans and GET /v1/super-categories. */
export interface Plan {
  id: number;
  planCode: string;
  name: string;
  /** Minor units (cents) per month. */
  amount: number;
  currencyCode: string;
  description: string;
}

export interface SuperCategory {
  id: number;
  name: string;
}
