/** The id of the `<script type="application/json">` element carrying a page's ServedData (contract/pages.ts). */
export const SERVED_DATA_ID = 'served-data';
