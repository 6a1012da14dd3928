/** The product's name as e-mails show it; a copy of PRODUCT_NAME in src/app/product.ts (the server never imports src/). */
export const PRODUCT_NAME = 'ShopApp Studio';
