/** What other modules may use of the catalogue: the sample product categories (shops check a shop's categories against them). */
export { ALL_PRODUCT_CATEGORIES } from './service';
