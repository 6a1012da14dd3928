/** Template categories (zod-free: route search checks in the initial JS use them). */
import { TEMPLATE_CATEGORIES } from '../constants';

/** Every template category: the homepage three, then one per other sample super category. */
export const ALL_TEMPLATE_CATEGORIES = [
  ...TEMPLATE_CATEGORIES,
  'electronics',
  'autos',
  'sports',
  'groceries',
  'fast_food',
  'home',
  'baby',
  'computers',
] as const;
export type AnyTemplateCategory = (typeof ALL_TEMPLATE_CATEGORIES)[number];

export const TEMPLATE_CATEGORY_LABELS: Record<AnyTemplateCategory, string> = {
  health_beauty: 'Health & Beauty',
  jewelries_accessories: 'Jewellery & Accessories',
  phones_tablets: 'Phones & Tablets',
  electronics: 'Electronics',
  autos: 'Autos',
  sports: 'Sports',
  groceries: 'Groceries',
  fast_food: 'Fast Food',
  home: 'Home',
  baby: 'Baby',
  computers: 'Computers',
};

/** The sample super category (1 to 11) a template category's preview shows. */
export const TEMPLATE_CATEGORY_SUPER: Record<AnyTemplateCategory, number> = {
  health_beauty: 3,
  jewelries_accessories: 2,
  phones_tablets: 9,
  electronics: 1,
  autos: 4,
  sports: 5,
  groceries: 6,
  fast_food: 7,
  home: 8,
  baby: 10,
  computers: 11,
};
