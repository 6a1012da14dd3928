/** The product's name as the shell, the manifest and the page titles show it. */
export const PRODUCT_NAME = 'ShopApp Studio';
export const PRODUCT_SHORT_NAME = 'ShopApp';
