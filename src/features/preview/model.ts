/**
 * The phone preview's rules (spec section 2 "Phone preview", sections 4 and 9), pure and
 * unit-tested. The renderer (components/PhoneScreen.tsx) draws what these decide.
 */
import { CONSTANTS, ROLE, SAMPLE_SUPER_CATEGORIES } from '@contract/constants';
import type { ProductCategory, SampleProduct, Slide } from '@contract/catalog/schemas';
import type { AppTemplateTheme, Creation, GradientDirection } from '@contract/design/schemas';
import { cssColour } from '@contract/colour';
import { isPlainObject } from '@contract/design/realtime';
import type { PreviewPage, Screen } from './screens';

// ------------------------------------------------------------------ header rules

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

// ------------------------------------------------------------------ side menu and bottom bar

export interface NavigationItem {
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

// ------------------------------------------------------------------ truncation and sizes

/** Cut at `max` characters, with an ellipsis when anything was cut. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}

export const shopNameInToolbar = (name: string) => truncate(name, CONSTANTS.shopNameTruncation);
export const measurementTitle = (template: AppTemplateTheme, title: string) => truncate(title, CONSTANTS.titleTruncation[template]);
/** Only template_c shows a description under the title (cut at 25). */
export const measurementDescription = (template: AppTemplateTheme, text: string) =>
  template === 'template_c' ? truncate(text, CONSTANTS.descriptionTruncationTemplateC) : undefined;
export const cartText = (text: string) => truncate(text, CONSTANTS.cartItemTruncation);
export const homeCategoryTitle = (theme: string, name: string) => (theme === 'theme_e' ? truncate(name, CONSTANTS.themeECategoryTitle) : name);
/** Category grid: theme_b one column, the others two. */
export const categoryColumns = (theme: string) => (theme === 'theme_b' ? 1 : 2);
/** Side menu: theme_a a 2-column grid, theme_b and theme_c lists. */
export const sideMenuColumns = (theme: string) => (theme === 'theme_a' ? 2 : 1);

// ------------------------------------------------------------------ sample content

export interface SampleData {
  products: SampleProduct[];
  categories: ProductCategory[];
  slides: Slide[];
}

/**
 * The ids the sample calls ask for: the design's copy of the shop's selection (its trades, and
 * the categories chosen in them; with none chosen, the server answers those trades' categories).
 * Only an empty selection asks for every sample super-category (spec section 8's fallbacks).
 */
export function interestIds(interests: { superCategoriesOfInterest: readonly number[]; categoriesOfInterest: readonly number[] }) {
  const all = SAMPLE_SUPER_CATEGORIES.map((_, i) => i + 1);
  return {
    superCategoryIds: interests.superCategoriesOfInterest.length > 0 ? [...interests.superCategoriesOfInterest] : all,
    categoryIds: [...interests.categoriesOfInterest],
  };
}

/** Sample cache reuse (spec section 9): more than 20 products, or more than 3 slides or categories. */
export function isReusable(kind: 'products' | 'slides' | 'categories', count: number): boolean {
  return count > CONSTANTS.sampleCacheReuse[kind];
}

const title = (name: string) => name.replace(/\b\w/g, (letter) => letter.toUpperCase());

/**
 * Slides made locally when the slides call fails (spec section 8): one per category of interest,
 * or four random of the eleven sample super-categories (pictureless: drawn as gradients).
 */
export function fallbackSlides(categories: readonly ProductCategory[], random: () => number = Math.random): Slide[] {
  if (categories.length > 0) {
    return categories.map((category, i) => ({ id: -(i + 1), superCategoryId: category.superCategoryId, image: category.imageList[0] ?? category.icon, title: category.name, subtitle: 'New arrivals are in' }));
  }
  const pool = SAMPLE_SUPER_CATEGORIES.map((name, i) => ({ name, id: i + 1 }));
  const picked: Array<{ name: string; id: number }> = [];
  while (picked.length < 4) picked.push(...pool.splice(Math.floor(random() * pool.length), 1));
  return picked.map((superCategory, i) => ({ id: -(i + 1), superCategoryId: superCategory.id, image: '', title: title(superCategory.name), subtitle: 'Shop the collection' }));
}

/** A small seeded generator, so the same sample looks the same on every render. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** `count` items picked at random (seeded) from `items`, repeating when there are fewer. */
export function pickRandom<T>(items: readonly T[], count: number, seed = 7): T[] {
  if (items.length === 0) return [];
  const random = seededRandom(seed);
  const pool = [...items];
  for (let i = pool.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
  }
  return Array.from({ length: count }, (_, i) => pool[i % pool.length] as T);
}

export const measurementItems = (products: readonly SampleProduct[]) => pickRandom(products, CONSTANTS.measurementListSize);
export const productListItems = (products: readonly SampleProduct[], categoryId?: number) => {
  const inCategory = categoryId === undefined ? [] : products.filter((product) => product.categoryId === categoryId);
  return (inCategory.length > 0 ? inCategory : products).slice(0, CONSTANTS.productListSize);
};
export const cartItems = (products: readonly SampleProduct[]) => products.slice(0, CONSTANTS.cartPreviewSize);
export const homeCategoryItems = (categories: readonly ProductCategory[]) => categories.slice(0, CONSTANTS.homeCategoriesShown);

/** The struck-through price beside a sample price: + 70 or + 50, display only (spec section 9). */
export function struckPrice(product: Pick<SampleProduct, 'price' | 'maxPrice' | 'id'>): number {
  return product.maxPrice > product.price ? product.maxPrice : product.price + (product.id % 2 === 0 ? 70 : 50);
}

/**
 * `amount` with two decimals and thousands separators, as en-US writes it (1,234.50). Not
 * Intl.NumberFormat: building the first one loads the locale data, a 70 ms task on a mid-range
 * phone when the first phone preview of a page loads.
 */
export function formatMoney(amount: number): string {
  if (!Number.isFinite(amount)) return String(amount);
  const [whole = '0', cents = '00'] = Math.abs(amount).toFixed(2).split('.');
  return `${amount < 0 ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

export function formatPrice(symbol: string, amount: number): string {
  return `${symbol}${formatMoney(amount)}`;
}

/** The average of the review stars, 5 when there are none yet. */
export function averageStars(reviews: ReadonlyArray<{ stars: number }>): number {
  return reviews.length === 0 ? CONSTANTS.ratingStars : reviews.reduce((sum, review) => sum + review.stars, 0) / reviews.length;
}

export const ORDER_STATUSES = ['created', 'processing', 'in-transit', 'order-arrived', 'delivered'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Each order status with its own colour (text on a tinted chip). */
export const ORDER_STATUS_COLOURS: Record<OrderStatus, string> = {
  created: '#5B6B8C',
  processing: '#B26A00',
  'in-transit': '#1565C0',
  'order-arrived': '#6A1B9A',
  delivered: '#2E7D32',
};

export interface SampleOrder {
  orderNo: string;
  userName: string;
  amount: number;
  status: OrderStatus;
  items: number;
}

/** Spec section 3 Order (amount, orderNo, userName, status): one per status, and two more. */
export function sampleOrders(products: readonly SampleProduct[]): SampleOrder[] {
  const names = ['Ada Obi', 'Lena Park', 'Tom Reyes', 'Mia Chen', 'Sam Adler', 'Zoe Blake', 'Kofi Mensah'];
  return Array.from({ length: 7 }, (_, i) => ({
    orderNo: `#${(48210 + i * 37).toString()}`,
    userName: names[i] as string,
    amount: (products[i]?.price ?? CONSTANTS.samplePrice) * (1 + (i % 3)),
    status: ORDER_STATUSES[i % ORDER_STATUSES.length] as OrderStatus,
    items: 1 + (i % 3),
  }));
}

export interface SizeOption {
  id: string;
  name: string;
  isSelected: boolean;
}

/** The sizes of a product, S selected first (or the first one when there is no S). */
export function sizeOptions(names: readonly string[] | undefined, selected: string | undefined): SizeOption[] {
  const list = names && names.length > 0 ? names : ['S', 'M', 'L', 'XL'];
  const chosen = selected !== undefined && list.includes(selected) ? selected : list.includes('S') ? 'S' : list[0];
  return list.map((name) => ({ id: name, name, isSelected: name === chosen }));
}

// ------------------------------------------------------------------ state of the phone

export interface Selections {
  screen: Screen;
  drawerOpen: boolean;
  slide: number;
  productId?: number;
  categoryId?: number;
  size?: string;
  quantity: number;
  detailsTab: 'pd' | 'rv';
  accordion: 'pd' | 'rv' | null;
  liked: boolean;
  addedToCart: boolean;
}

export const initialSelections = (screen: Screen = 'home-page'): Selections => ({
  screen,
  drawerOpen: false,
  slide: 0,
  quantity: 1,
  detailsTab: 'pd',
  accordion: 'pd',
  liked: false,
  addedToCart: false,
});

export type PreviewAction =
  | { type: 'go'; screen: Screen }
  | { type: 'back' }
  | { type: 'menu'; open: boolean }
  | { type: 'bottom-nav'; key: string }
  | { type: 'product'; id: number }
  | { type: 'category'; id: number }
  | { type: 'size'; name: string }
  | { type: 'quantity'; delta: number }
  | { type: 'tab'; tab: 'pd' | 'rv' }
  | { type: 'accordion'; panel: 'pd' | 'rv' }
  | { type: 'like' }
  | { type: 'add-to-cart' }
  | { type: 'dialog'; checkout: boolean }
  | { type: 'slide'; count: number };

/** Every tap inside the phone, as a pure state change. */
export function reducePreview(state: Selections, action: PreviewAction): Selections {
  switch (action.type) {
    case 'go':
      return { ...state, screen: action.screen, drawerOpen: false, addedToCart: false };
    case 'back': {
      const target = backTarget(state.screen);
      return target ? { ...state, screen: target } : state;
    }
    case 'menu':
      return { ...state, drawerOpen: action.open };
    case 'bottom-nav': {
      const target = bottomNavTarget(action.key);
      return target ? { ...state, screen: target, drawerOpen: false } : state;
    }
    case 'product':
      return { ...state, screen: 'product-details', productId: action.id, size: undefined, quantity: 1, detailsTab: 'pd', accordion: 'pd', liked: false };
    case 'category':
      return { ...state, screen: 'product-list', categoryId: action.id };
    case 'size':
      return { ...state, size: action.name };
    case 'quantity':
      return { ...state, quantity: Math.min(99, Math.max(1, state.quantity + action.delta)) };
    case 'tab':
      return { ...state, detailsTab: action.tab };
    case 'accordion':
      return { ...state, accordion: state.accordion === action.panel ? null : action.panel };
    case 'like':
      return { ...state, liked: !state.liked };
    case 'add-to-cart':
      return { ...state, addedToCart: true };
    case 'dialog':
      return action.checkout ? { ...state, addedToCart: false, screen: 'check-out' } : { ...state, addedToCart: false };
    case 'slide':
      return { ...state, slide: action.count > 0 ? (state.slide + 1) % action.count : 0 };
  }
}

// ------------------------------------------------------------------ style values -> CSS

const DIRECTION_ANGLE: Record<GradientDirection, string> = {
  'left-to-right': '90deg',
  'top-to-bottom': '180deg',
  'top-to-bottom-diagonal': '135deg',
  'bottom-to-top-diagonal': '45deg',
};

/** A two-colour gradient; spread is where the second colour takes over (1: an even blend). */
export function gradientCss(gradient: Creation['toolBar']['gradient']): string {
  const [from, to] = gradient.colors;
  const stop = Math.round(gradient.spread * 100);
  return `linear-gradient(${DIRECTION_ANGLE[gradient.direction]}, ${cssColour(from)} 0%, ${cssColour(to)} ${stop}%)`;
}

type Corners = Creation['measurementItem']['borderRadius'];

/** Four corner radii; with alternate corners every other item mirrors them left to right. */
export function radiusCss(corners: Corners, alternate = false, index = 0): string {
  const flip = alternate && index % 2 === 1;
  const { topLeft, topRight, bottomRight, bottomLeft } = corners;
  return flip ? `${topRight}px ${topLeft}px ${bottomLeft}px ${bottomRight}px` : `${topLeft}px ${topRight}px ${bottomRight}px ${bottomLeft}px`;
}

export function borderCss(border: Creation['homeCategories']['border']): string {
  return border.type === 'none' || border.width === 0 ? 'none' : `${border.width}px solid ${cssColour(border.color)}`;
}

/** Material-like elevation: 0 none, 24 the deepest. */
export function elevationCss(elevation: number): string {
  if (elevation <= 0) return 'none';
  return `0 ${Math.round(elevation / 2)}px ${elevation * 2}px rgba(17,24,39,${Math.min(0.32, 0.08 + elevation * 0.02).toFixed(2)})`;
}

/** The item shadow: spread scaled by the spec's 1.68. */
export function itemShadowCss(spread: number, colour: string): string {
  return spread <= 0 ? 'none' : `0 ${Math.round(spread / 2)}px ${Math.round(spread * CONSTANTS.previewItemSpread)}px ${cssColour(colour)}`;
}

/** A CSS font stack for a design's font family (every one falls back to the system sans). */
export function fontStack(family: string): string {
  const generic = family === 'Great Vibes' ? 'cursive' : family === 'Courier New' ? 'monospace' : family === 'Georgia' ? 'serif' : 'sans-serif';
  return `"${family.replace(/["\\]/g, '')}", ${generic}`;
}

// ------------------------------------------------------------------ who may edit a template

/** Spec section 5: logged in, and a sovereign (role id 1) or the owner of the template's shop. */
export function canEditTemplate(user: { userroles: ReadonlyArray<{ roleId: number }> } | null, shopAlias: string, ownedShopAliases: readonly string[]): boolean {
  if (!user) return false;
  return user.userroles.some((role) => role.roleId === ROLE.SOVEREIGN) || ownedShopAliases.includes(shopAlias);
}

// ------------------------------------------------------------------ a design handed over in a link

const MAX_DESIGN_CHARS = 100_000;

/** Objects merged key by key (`over` wins); lists and plain values are replaced. */
export function mergeDesign(base: unknown, over: unknown): unknown {
  if (over === undefined) return base;
  if (!isPlainObject(base) || !isPlainObject(over)) return over;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    merged[key] = mergeDesign(base[key], value);
  }
  return merged;
}

/**
 * `#design=<base64url JSON>` of /test/preview: changes to try over the template's design (the
 * fragment never reaches the server). Anything unreadable is ignored.
 */
export function readDesignFragment(hash: string): unknown {
  const match = /(?:^#|&)design=([\w-]+)/.exec(hash);
  if (!match?.[1] || match[1].length > MAX_DESIGN_CHARS) return undefined;
  try {
    const binary = atob(match[1].replace(/-/g, '+').replace(/_/g, '/'));
    return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)))) as unknown;
  } catch {
    return undefined;
  }
}

/** The fragment that carries `design` (the inverse of readDesignFragment). */
export function designFragment(design: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(design));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `#design=${btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
}
