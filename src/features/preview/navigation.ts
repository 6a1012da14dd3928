/**
 * The phone's navigation (spec section 2 "Phone preview", section 4): which header a page
 * has, the side menu and the bottom bar, and where their items lead.
 */
import type { PreviewPage, Screen } from './screens';

const BACK_PAGES: readonly Screen[] = ['product-details', 'product-list'];
const NO_FAB_PAGES: readonly Screen[] = ['cart', 'customer-care', 'product-details', 'product-list', 'check-out'];

export interface Header {
  back: boolean;
  menu: boolean;
  fab: boolean;
}

/** Back on product-details and product-list; the hamburger only with a side nav bar and not there; the FAB hidden on five pages. */
export function headerFor(page: Screen, hasSideNavBar: boolean): Header {
  const back = BACK_PAGES.includes(page);
  return { back, menu: hasSideNavBar && !back, fab: !NO_FAB_PAGES.includes(page) };
}

/** Back: product-details -> home-page, product-list -> categories-page. */
export function backTarget(page: Screen): PreviewPage | undefined {
  if (page === 'product-details') return 'home-page';
  if (page === 'product-list') return 'categories-page';
  return undefined;
}

interface NavigationItem {
  title: string;
  key: string;
  icon: 'home' | 'category' | 'orders' | 'cart' | 'chat' | 'support' | 'person';
}

export const SIDE_MENU: readonly NavigationItem[] = [
  { title: 'Products', key: 'home-page', icon: 'home' },
  { title: 'Categories', key: 'categories-page', icon: 'category' },
  { title: 'Order History', key: 'order-history', icon: 'orders' },
  { title: 'Shopping Cart', key: 'cart', icon: 'cart' },
  { title: 'Customer Care', key: 'customer-care', icon: 'chat' },
  { title: 'Support', key: 'support', icon: 'support' },
];

export const BOTTOM_NAV: readonly NavigationItem[] = [
  { title: 'Home', key: 'home-page', icon: 'home' },
  { title: 'Categories', key: 'categories', icon: 'category' },
  { title: 'Orders', key: 'order-history', icon: 'orders' },
  { title: 'Account', key: 'account', icon: 'person' },
];

/** Where a bottom-bar key leads: Account does nothing (undefined), an unknown key goes to categories. */
export function bottomNavTarget(key: string): PreviewPage | undefined {
  if (key === 'account') return undefined;
  if (key === 'home-page' || key === 'order-history') return key;
  return 'categories-page';
}

/** The bottom-bar key that shows a page as selected. */
export function bottomNavKeyFor(page: Screen): string | undefined {
  if (page === 'home-page' || page === 'order-history') return page;
  if (page === 'categories-page' || page === 'product-list') return 'categories';
  return undefined;
}

/** Navigation items with exactly one (or no) item selected. */
export function selectExclusive<T extends { key: string }>(items: readonly T[], key: string | undefined): Array<T & { isSelected: boolean }> {
  return items.map((item) => ({ ...item, isSelected: item.key === key }));
}
