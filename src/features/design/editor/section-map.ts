/**
 * The design editor's one section map (spec section 2, "Design editor"): each section, the
 * Creation fields it styles (as `/` paths of whole groups or single fields) and the preview page
 * it styles. The editor's controls are generated from these paths and the Creation schema
 * (controls.ts), never written out one form per field.
 */
export interface EditorSection {
  id: string;
  title: string;
  /**
   * The phone preview's screen this section styles (src/features/preview/screens.ts names them;
   * a unit test keeps the two in step): opening the section moves the phone there.
   */
  screen: string;
  /** Creation paths whose fields this section edits (a group path covers every field inside it). */
  fields: readonly string[];
  /** Paths inside `fields` that this section leaves to another one. */
  except?: readonly string[];
}

export const EDITOR_SECTIONS: readonly EditorSection[] = [
  {
    id: 'splash',
    title: 'Splash Screen',
    screen: 'splash',
    fields: ['splashScreen', 'shop/logo'],
  },
  { id: 'login', title: 'Login', screen: 'login', fields: ['loginScreen', 'loginModal'] },
  {
    id: 'general',
    title: 'General',
    screen: 'home-page',
    fields: ['colors', 'appTemplate', 'bodyConfig', 'toolBar', 'sideNavigationDrawer', 'sideNavIcon', 'bottomNavBar', 'shop/name', 'shop/currencySymbol'],
    // hasBottomNavBar is kept in step with the bottom bar's own switch (patches.ts editPatch).
    except: ['colors/chatSenderBalloon', 'appTemplate/description', 'appTemplate/hasBottomNavBar'],
  },
  { id: 'home', title: 'Home Page', screen: 'home-page', fields: ['searchBar', 'homeCategories'] },
  { id: 'categories', title: 'Categories Page', screen: 'categories-page', fields: ['categories'] },
  { id: 'products', title: 'Products List', screen: 'product-list', fields: ['measurementItem'] },
  { id: 'product-details', title: 'Product Details', screen: 'product-details', fields: ['productDetailsBody', 'productDetailsCTA', 'sizesSelection'] },
  { id: 'cart', title: 'Shopping Cart', screen: 'cart', fields: ['quantitySelection'] },
  { id: 'chat', title: 'Chat', screen: 'customer-care', fields: ['colors/chatSenderBalloon'] },
  { id: 'checkout', title: 'Checkout', screen: 'check-out', fields: ['buttons', 'colors/buttonForeground'] },
  { id: 'orders', title: 'Order History', screen: 'order-history', fields: ['colors/backgroundColor', 'colors/bodyColor', 'bodyConfig/textAlign'] },
];

const DEFAULT_SECTION = EDITOR_SECTIONS[0] as EditorSection;

export function sectionById(id: string | undefined): EditorSection {
  return EDITOR_SECTIONS.find((section) => section.id === id) ?? DEFAULT_SECTION;
}

/** The sections that edit `path` (a field may be styled from more than one page). */
export function sectionsOf(path: string): EditorSection[] {
  const covers = (root: string) => path === root || path.startsWith(`${root}/`);
  return EDITOR_SECTIONS.filter((section) => section.fields.some(covers) && !(section.except ?? []).some(covers));
}

/** How a control's label names its group ('' : the field's own name says enough). */
export const GROUP_LABELS: Readonly<Record<string, string>> = {
  colors: '',
  splashScreen: '',
  shop: 'Shop',
  loginScreen: 'Login screen',
  loginModal: 'Login modal',
  appTemplate: 'App',
  bodyConfig: 'Body',
  toolBar: 'Toolbar',
  sideNavigationDrawer: 'Side drawer',
  sideNavIcon: 'Menu icon',
  bottomNavBar: 'Bottom bar',
  searchBar: 'Search bar',
  homeCategories: 'Home categories',
  categories: 'Categories',
  measurementItem: 'Product',
  productDetailsBody: 'Details',
  productDetailsCTA: 'Call to action',
  sizesSelection: 'Sizes',
  quantitySelection: 'Quantity',
  buttons: 'Buttons',
};

/** Labels said better than their path. */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  'appTemplate/theme': 'App template',
  'appTemplate/hasSideNavBar': 'Side navigation drawer',
  'bottomNavBar/isShow': 'Bottom nav bar',
  'bottomNavBar/selectedColor': 'Bottom bar selected icon color',
  'bottomNavBar/unSelectedColor': 'Bottom bar unselected icon color',
  'shop/logo': 'Logo',
  'splashScreen/background/image': 'Background image',
};

/**
 * The merchant's names of the themes (the spec's theme_a to theme_h, and the app templates),
 * per control path: each says what the option looks like (src/features/preview draws them).
 */
export const THEME_NAMES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'splashScreen/theme': {
    theme_a: 'Floating card',
    theme_b: 'Bottom sheet',
    theme_c: 'Circle',
    theme_d: 'Diagonal band',
    theme_e: 'Side panel',
    theme_f: 'Ripples',
    theme_g: 'Corner ripples',
    theme_h: 'Rising ripples',
  },
  'appTemplate/theme': { template_a: 'Product grid', template_b: 'Product list', template_c: 'Picture tiles' },
  'sideNavigationDrawer/theme': { theme_a: 'Grid', theme_b: 'List', theme_c: 'List with marker' },
  'bottomNavBar/theme': { theme_a: 'Flat', theme_b: 'Floating', theme_c: 'Rounded' },
  'searchBar/theme': { theme_a: 'Outlined', theme_b: 'Underlined', theme_c: 'Rounded', theme_d: 'Joined button' },
  'homeCategories/theme': {
    theme_a: 'Chips',
    theme_b: 'Round icons',
    theme_c: 'Tiles of three',
    theme_d: 'Pills',
    theme_e: 'Picture cards',
    theme_f: 'Two-column list',
  },
  'categories/theme': { theme_a: 'Two columns', theme_b: 'One column', theme_c: 'Captioned tiles' },
  'productDetailsBody/theme': { theme_a: 'Stacked', theme_b: 'Tabs', theme_c: 'Accordion' },
  'productDetailsCTA/theme': { theme_a: 'One row', theme_b: 'Stacked', theme_c: 'Floating bar' },
  'sizesSelection/theme': { theme_a: 'Dropdown', theme_b: 'Chips' },
};

/** The name a theme option is shown by ('Theme B' where none is given). */
export function themeName(path: string, option: string): string {
  return THEME_NAMES[path]?.[option] ?? `Theme ${option.slice(-1).toUpperCase()}`;
}
