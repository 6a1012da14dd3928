import { describe, expect, it } from 'vitest';
import { defaultCreation } from '@contract/design/schemas';
import type { ProductCategory, SampleProduct } from '@contract/catalog/schemas';
import { designFragment, mergeDesign, readDesignFragment } from '@/features/preview/design-link';
import { BOTTOM_NAV, SIDE_MENU, backTarget, bottomNavKeyFor, bottomNavTarget, headerFor, selectExclusive } from '@/features/preview/navigation';
import { initialSelections, reducePreview } from '@/features/preview/phone-state';
import {
  formatPrice,
  cartItems,
  fallbackSlides,
  homeCategoryItems,
  interestIds,
  isReusable,
  measurementItems,
  productListItems,
  sizeOptions,
  struckPrice,
} from '@/features/preview/sample';
import { gradientCss, radiusCss } from '@/features/preview/styles';
import {
  cartText,
  categoryColumns,
  homeCategoryTitle,
  measurementDescription,
  measurementTitle,
  shopNameInToolbar,
  sideMenuColumns,
} from '@/features/preview/truncation';
import { PREVIEW_PAGES, SCREENS, nextPlayScreen, toScreen } from '@/features/preview/screens';

const product = (id: number, categoryId = 101): SampleProduct => ({
  id,
  superCategoryId: 1,
  categoryId,
  name: `Product ${id}`,
  title: `Product ${id}`,
  short_description: 'short',
  description: 'long',
  image: '/p.webp',
  price: 200,
  maxPrice: 270,
  quantity: 1,
  sizes: [],
  reviews: [],
});
const products = Array.from({ length: 40 }, (_, i) => product(1000 + i, 101 + (i % 4)));
const category = (id: number): ProductCategory => ({ id, superCategoryId: 1, name: `Category ${id}`, icon: '/i.webp', imageList: ['/c.webp'] });

describe('header rules (spec section 2)', () => {
  it.each(PREVIEW_PAGES.map((page) => [page]))('%s', (page) => {
    const withDrawer = headerFor(page, true);
    const withoutDrawer = headerFor(page, false);
    const backPage = page === 'product-details' || page === 'product-list';
    expect(withDrawer.back).toBe(backPage);
    expect(withDrawer.menu).toBe(!backPage);
    expect(withoutDrawer.menu).toBe(false);
    expect(withDrawer.fab).toBe(!['cart', 'customer-care', 'product-details', 'product-list', 'check-out'].includes(page));
  });

  it('general is home; unknown names are home too', () => {
    expect(toScreen('general')).toBe('home-page');
    expect(toScreen('cart')).toBe('cart');
    expect(toScreen('nope')).toBe('home-page');
    expect(toScreen(undefined)).toBe('home-page');
  });
});

describe('back targets', () => {
  it('product-details -> home-page, product-list -> categories-page, nothing elsewhere', () => {
    expect(backTarget('product-details')).toBe('home-page');
    expect(backTarget('product-list')).toBe('categories-page');
    for (const page of PREVIEW_PAGES.filter((p) => p !== 'product-details' && p !== 'product-list')) expect(backTarget(page)).toBeUndefined();
    const state = { ...initialSelections('product-list') };
    expect(reducePreview(state, { type: 'back' }).screen).toBe('categories-page');
    expect(reducePreview(initialSelections('cart'), { type: 'back' }).screen).toBe('cart');
  });
});

describe('side menu and bottom bar', () => {
  it('every side menu entry opens a page of the phone and closes the drawer', () => {
    const open = reducePreview(initialSelections(), { type: 'menu', open: true });
    for (const item of SIDE_MENU) {
      const screen = toScreen(item.key);
      expect(screen).toBe(item.key);
      expect(reducePreview(open, { type: 'go', screen })).toMatchObject({ screen, drawerOpen: false });
    }
    expect(sideMenuColumns('theme_a')).toBe(2);
    expect(sideMenuColumns('theme_b')).toBe(1);
    expect(sideMenuColumns('theme_c')).toBe(1);
  });

  it('bottom bar keys: Account does nothing, unknown keys go to categories', () => {
    expect(BOTTOM_NAV.map((item) => [item.title, item.key])).toEqual([
      ['Home', 'home-page'],
      ['Categories', 'categories'],
      ['Orders', 'order-history'],
      ['Account', 'account'],
    ]);
    expect(bottomNavTarget('home-page')).toBe('home-page');
    expect(bottomNavTarget('categories')).toBe('categories-page');
    expect(bottomNavTarget('order-history')).toBe('order-history');
    expect(bottomNavTarget('account')).toBeUndefined();
    expect(bottomNavTarget('wishlist')).toBe('categories-page');
    const state = initialSelections('cart');
    expect(reducePreview(state, { type: 'bottom-nav', key: 'account' })).toBe(state);
    expect(reducePreview(state, { type: 'bottom-nav', key: 'anything' }).screen).toBe('categories-page');
  });

  it('selection is exclusive', () => {
    const selected = selectExclusive(BOTTOM_NAV, bottomNavKeyFor('order-history')).filter((item) => item.isSelected);
    expect(selected.map((item) => item.key)).toEqual(['order-history']);
    expect(
      selectExclusive(BOTTOM_NAV, bottomNavKeyFor('product-list'))
        .filter((item) => item.isSelected)
        .map((item) => item.key),
    ).toEqual(['categories']);
    expect(selectExclusive(BOTTOM_NAV, bottomNavKeyFor('cart')).some((item) => item.isSelected)).toBe(false);
  });
});

describe('truncations (spec section 9)', () => {
  const long = 'abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz';
  it('shop name 20', () => {
    expect(shopNameInToolbar('a'.repeat(20))).toBe('a'.repeat(20));
    expect(shopNameInToolbar('a'.repeat(21))).toBe(`${'a'.repeat(20)}…`);
  });
  it('titles 16 / 50 / 20 by template, description 25 in template_c only', () => {
    expect(measurementTitle('template_a', long)).toBe(`${long.slice(0, 16)}…`);
    expect(measurementTitle('template_b', long)).toBe(`${long.slice(0, 50)}…`);
    expect(measurementTitle('template_c', long)).toBe(`${long.slice(0, 20)}…`);
    expect(measurementTitle('template_a', 'a'.repeat(16))).toBe('a'.repeat(16));
    expect(measurementDescription('template_c', long)).toBe(`${long.slice(0, 25)}…`);
    expect(measurementDescription('template_a', long)).toBeUndefined();
    expect(measurementDescription('template_b', long)).toBeUndefined();
  });
  it('cart names and descriptions 20; theme_e category title 19', () => {
    expect(cartText(long)).toBe(`${long.slice(0, 20)}…`);
    expect(homeCategoryTitle('theme_e', long)).toBe(`${long.slice(0, 19)}…`);
    expect(homeCategoryTitle('theme_a', long)).toBe(long);
  });
});

describe('list sizes and sample display', () => {
  it('measurement list 30 random items, product list 20, cart 5, home categories the first 6', () => {
    const items = measurementItems(products);
    expect(items).toHaveLength(30);
    expect(new Set(items.map((item) => item.id)).size).toBe(30);
    expect(items.map((item) => item.id)).not.toEqual(products.slice(0, 30).map((item) => item.id));
    expect(measurementItems(products.slice(0, 4))).toHaveLength(30);
    expect(measurementItems([])).toEqual([]);
    expect(productListItems(products)).toHaveLength(20);
    expect(productListItems(products, 102).every((item) => item.categoryId === 102)).toBe(true);
    expect(cartItems(products)).toHaveLength(5);
    expect(homeCategoryItems(Array.from({ length: 9 }, (_, i) => category(i + 1))).map((item) => item.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });
  it('struck-through price: maxPrice, else price + 70 or + 50', () => {
    expect(struckPrice({ id: 1, price: 200, maxPrice: 250 })).toBe(250);
    expect(struckPrice({ id: 2, price: 200, maxPrice: 0 })).toBe(270);
    expect(struckPrice({ id: 3, price: 200, maxPrice: 0 })).toBe(250);
  });
  it('category grid: theme_b one column, the others two', () => {
    expect(categoryColumns('theme_a')).toBe(2);
    expect(categoryColumns('theme_b')).toBe(1);
    expect(categoryColumns('theme_c')).toBe(2);
  });
  it('sizes: S selected first, selecting clears the others', () => {
    expect(
      sizeOptions(['XS', 'S', 'M'], undefined)
        .filter((size) => size.isSelected)
        .map((size) => size.name),
    ).toEqual(['S']);
    expect(
      sizeOptions(['M', 'L'], undefined)
        .filter((size) => size.isSelected)
        .map((size) => size.name),
    ).toEqual(['M']);
    const state = reducePreview(initialSelections('product-details'), { type: 'size', name: 'L' });
    expect(
      sizeOptions(['S', 'M', 'L'], state.size)
        .filter((size) => size.isSelected)
        .map((size) => size.name),
    ).toEqual(['L']);
  });
});

describe('taps inside the phone', () => {
  it('Add to Cart opens the dialog; Yes goes to check-out, No stays', () => {
    const added = reducePreview(initialSelections('product-details'), { type: 'add-to-cart' });
    expect(added.addedToCart).toBe(true);
    expect(reducePreview(added, { type: 'dialog', checkout: true })).toMatchObject({ screen: 'check-out', addedToCart: false });
    expect(reducePreview(added, { type: 'dialog', checkout: false })).toMatchObject({ screen: 'product-details', addedToCart: false });
  });
  it('a product opens product-details, a category opens product-list; quantity stays 1-99; tabs start on pd', () => {
    expect(reducePreview(initialSelections(), { type: 'product', id: 7 })).toMatchObject({ screen: 'product-details', productId: 7, detailsTab: 'pd' });
    expect(reducePreview(initialSelections(), { type: 'category', id: 3 })).toMatchObject({ screen: 'product-list', categoryId: 3 });
    expect(reducePreview(initialSelections(), { type: 'quantity', delta: -1 }).quantity).toBe(1);
    expect(reducePreview({ ...initialSelections(), quantity: 99 }, { type: 'quantity', delta: 1 }).quantity).toBe(99);
    expect(reducePreview(initialSelections(), { type: 'slide', count: 3 }).slide).toBe(1);
    expect(reducePreview({ ...initialSelections(), slide: 2 }, { type: 'slide', count: 3 }).slide).toBe(0);
  });
  it('going anywhere closes the drawer', () => {
    const open = reducePreview(initialSelections(), { type: 'menu', open: true });
    expect(open.drawerOpen).toBe(true);
    expect(reducePreview(open, { type: 'go', screen: 'support' })).toMatchObject({ screen: 'support', drawerOpen: false });
  });
});

describe('Play', () => {
  it('in order from the splash screen through every screen, then round again', () => {
    let screen = SCREENS[0];
    expect(screen).toBe('splash');
    const seen = [screen];
    for (let i = 0; i < SCREENS.length; i += 1) {
      screen = nextPlayScreen(screen ?? 'splash', 'in-order');
      seen.push(screen);
    }
    expect(seen).toEqual([...SCREENS, 'splash']);
  });
  it('randomly: a pick of 0 to 30 over the screens, never the same page twice in a row', () => {
    expect(nextPlayScreen('splash', 'random', () => 0.5)).toBe(SCREENS[15 % SCREENS.length]);
    expect(nextPlayScreen('home-page', 'random', () => 0.999)).toBe(SCREENS[30 % SCREENS.length]);
    expect(nextPlayScreen('splash', 'random', () => 0)).toBe('login');
  });
});

describe('sample data rules', () => {
  it('cache reuse: more than 20 products, more than 3 slides or categories', () => {
    expect(isReusable('products', 20)).toBe(false);
    expect(isReusable('products', 21)).toBe(true);
    expect(isReusable('slides', 3)).toBe(false);
    expect(isReusable('slides', 4)).toBe(true);
    expect(isReusable('categories', 4)).toBe(true);
  });
  it('asks for the interests, or every sample super-category', () => {
    expect(interestIds({ superCategoriesOfInterest: [], categoriesOfInterest: [] }).superCategoryIds).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(interestIds({ superCategoriesOfInterest: [3], categoriesOfInterest: [301] })).toEqual({ superCategoryIds: [3], categoryIds: [301] });
  });
  it('fallback slides: one per category of interest, else four random of eleven', () => {
    expect(fallbackSlides([category(1), category(2)]).map((slide) => slide.title)).toEqual(['Category 1', 'Category 2']);
    const four = fallbackSlides([], () => 0.3);
    expect(four).toHaveLength(4);
    expect(new Set(four.map((slide) => slide.superCategoryId)).size).toBe(4);
    expect(four.every((slide) => slide.superCategoryId >= 1 && slide.superCategoryId <= 11)).toBe(true);
  });
});

describe('style values and designs', () => {
  it('gradient directions and spread', () => {
    const creation = defaultCreation();
    expect(gradientCss({ ...creation.toolBar.gradient, colors: ['#FF0000FF', '#0000FFFF'], direction: 'top-to-bottom', spread: 0.5 })).toBe(
      'linear-gradient(180deg, rgb(255,0,0) 0%, rgb(0,0,255) 50%)',
    );
    expect(gradientCss({ ...creation.toolBar.gradient, direction: 'bottom-to-top-diagonal' })).toContain('45deg');
  });
  it('alternate corners mirror every other item', () => {
    const corners = { topLeft: 20, topRight: 2, bottomRight: 20, bottomLeft: 2 };
    expect(radiusCss(corners, true, 0)).toBe('20px 2px 20px 2px');
    expect(radiusCss(corners, true, 1)).toBe('2px 20px 2px 20px');
    expect(radiusCss(corners, false, 1)).toBe('20px 2px 20px 2px');
  });
  it('a design in a link fragment round-trips, and bad fragments are ignored', () => {
    const design = { shop: { name: 'Zoë Café' }, splashScreen: { theme: 'theme_g' } };
    expect(readDesignFragment(designFragment(design))).toEqual(design);
    expect(readDesignFragment('#design=%%%')).toBeUndefined();
    expect(readDesignFragment('#design=bm90IGpzb24')).toBeUndefined();
    expect(readDesignFragment('')).toBeUndefined();
  });
  it('merges a design over another without touching prototypes', () => {
    const merged = mergeDesign({ a: { b: 1, c: 2 }, list: [1, 2] }, JSON.parse('{"a":{"c":3},"list":[3],"__proto__":{"polluted":true}}')) as Record<
      string,
      unknown
    >;
    expect(merged).toEqual({ a: { b: 1, c: 3 }, list: [3] });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('prices', () => {
  it('writes a sample price after the shop currency symbol, with two decimals', () => {
    expect(formatPrice('₦', 1234.5)).toBe('₦1,234.50');
    expect(formatPrice('$', 200)).toBe('$200.00');
  });
});
