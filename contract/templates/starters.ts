/**
 * Starter templates (seeded at every start, issue #11): three for each homepage category and one
 * for every other sample super category, each its own look built from the Creation model's
 * themes (splash, side drawer, bottom bar, category lists, product details, search bar).
 */
import { deriveAccent, derivePrimary } from '../colour';
import type { CreationInput } from '../design/schemas';
import { type AnyTemplateCategory, TEMPLATE_CATEGORY_SUPER } from './schemas';

export interface StarterTemplate {
  templateId: string;
  category: AnyTemplateCategory;
  name: string;
  slogan: string;
  tags: string[];
  creation: CreationInput;
}

type Abc = 'theme_a' | 'theme_b' | 'theme_c';
type Direction = 'left-to-right' | 'top-to-bottom' | 'top-to-bottom-diagonal' | 'bottom-to-top-diagonal';

interface Look {
  templateId: string;
  category: AnyTemplateCategory;
  name: string;
  slogan: string;
  tags: string[];
  /** Product categories of the sample catalogue shown first. */
  categories: number[];
  primary: string;
  accent: string;
  /** The second colour of gradients (toolbar, splash, drawer header). */
  deep: string;
  layout: 'template_a' | 'template_b' | 'template_c';
  splash: 'theme_a' | 'theme_b' | 'theme_c' | 'theme_d' | 'theme_e' | 'theme_f' | 'theme_g' | 'theme_h';
  drawer: Abc | null;
  bottomBar: Abc | null;
  homeCategories: 'theme_a' | 'theme_b' | 'theme_c' | 'theme_d' | 'theme_e' | 'theme_f';
  categoryGrid: Abc;
  details: Abc;
  cta: Abc;
  search: 'theme_a' | 'theme_b' | 'theme_c' | 'theme_d';
  searchInToolbar?: boolean;
  sizes?: 'theme_a' | 'theme_b';
  splashFont?: 'Great Vibes' | 'Georgia' | 'Trebuchet MS' | 'Verdana' | 'Roboto';
  bodyFont?: 'Roboto' | 'Georgia' | 'Trebuchet MS' | 'Verdana' | 'Arial';
  background?: string;
  direction?: Direction;
  radius?: number;
  alternateCorners?: boolean;
  ripples?: number;
}

function build(look: Look): StarterTemplate {
  const p = derivePrimary(look.primary);
  const a = deriveAccent(look.accent);
  const radius = look.radius ?? 8;
  const corners = { topLeft: radius, topRight: look.alternateCorners ? 2 : radius, bottomLeft: look.alternateCorners ? 2 : radius, bottomRight: radius };
  const superCategory = TEMPLATE_CATEGORY_SUPER[look.category];
  const creation: CreationInput = {
    shop: { alias: look.templateId, name: look.name, slogan: look.slogan },
    superCategoriesOfInterest: [superCategory],
    categoriesOfInterest: look.categories,
    appTemplate: { theme: look.layout, hasSideNavBar: look.drawer !== null, hasBottomNavBar: look.bottomBar !== null },
    colors: { ...p, ...a, chatSenderBalloon: p.primary, buttonForeground: '#FFFFFFFF', ...(look.background ? { backgroundColor: look.background } : {}) },
    bodyConfig: { fontFamily: look.bodyFont ?? 'Roboto' },
    toolBar: { gradient: { colors: [look.primary, look.deep], direction: 'left-to-right', spread: 1 } },
    buttons: { gradient: { colors: [look.primary, look.accent], direction: 'left-to-right' }, border: { radius: corners } },
    splashScreen: {
      theme: look.splash,
      ripplesCount: look.ripples ?? 3,
      text: { appName: look.name, appSlogan: look.slogan },
      font: { fontFamily: look.splashFont ?? 'Great Vibes' },
      background: { type: 'gradient', gradient: { colors: [look.primary, look.deep], direction: look.direction ?? 'top-to-bottom-diagonal' } },
      paneColor: look.accent,
      paneOpacity: 0.2,
    },
    ...(look.drawer
      ? { sideNavigationDrawer: { theme: look.drawer, header: { background: { colors: [look.primary, look.deep] } }, item: { selected: { background: a.accentLight, font: { color: p.primaryDark } } } } }
      : {}),
    ...(look.bottomBar ? { bottomNavBar: { theme: look.bottomBar, isShow: true, selectedColor: look.primary } } : {}),
    homeCategories: { theme: look.homeCategories, isShow: true, itemHighlight: a.accentLight },
    categories: { theme: look.categoryGrid },
    searchBar: { theme: look.search, position: look.searchInToolbar ? 'in-toolbar' : 'below-slide-show', button: { background: look.primary, border: { color: look.primary } } },
    productDetailsBody: { theme: look.details },
    productDetailsCTA: { theme: look.cta, primary: { background: look.primary, border: { color: look.primary } }, secondary: { font: { color: look.primary }, border: { color: look.primary } } },
    sizesSelection: { theme: look.sizes ?? 'theme_b', selected: { background: look.primary, border: { color: look.primary } } },
    quantitySelection: { increment: { background: look.primary, border: { color: look.primary } } },
    measurementItem: { priceFontColor: p.primaryDark, price: { color: p.primaryDark }, borderRadius: corners, isAlternateCorners: look.alternateCorners ?? false },
  };
  return { templateId: look.templateId, category: look.category, name: look.name, slogan: look.slogan, tags: look.tags, creation };
}

const LOOKS: Look[] = [
  // health_beauty
  { templateId: 'glow-beauty', category: 'health_beauty', name: 'Glow Beauty', slogan: 'Skin care that loves you back', tags: ['beauty', 'skin care', 'pink', 'drawer'], categories: [302, 303, 306, 301, 305, 304], primary: '#D63A7A', accent: '#7C4DFF', deep: '#F06292', layout: 'template_a', splash: 'theme_f', drawer: 'theme_a', bottomBar: null, homeCategories: 'theme_b', categoryGrid: 'theme_a', details: 'theme_a', cta: 'theme_a', search: 'theme_a', radius: 14 },
  { templateId: 'herbal-haven', category: 'health_beauty', name: 'Herbal Haven', slogan: 'Natural remedies, gently delivered', tags: ['health', 'natural', 'green', 'bottom bar'], categories: [301, 304, 305, 302, 303, 306], primary: '#2E7D32', accent: '#FFB300', deep: '#1B5E20', layout: 'template_b', splash: 'theme_c', drawer: null, bottomBar: 'theme_a', homeCategories: 'theme_c', categoryGrid: 'theme_b', details: 'theme_b', cta: 'theme_b', search: 'theme_b', splashFont: 'Georgia', bodyFont: 'Georgia', background: '#F6FBF4FF', radius: 4 },
  { templateId: 'pure-spa', category: 'health_beauty', name: 'Pure Spa', slogan: 'Calm, clean, cared for', tags: ['spa', 'wellness', 'teal', 'minimal'], categories: [305, 306, 301, 302, 303, 304], primary: '#00838F', accent: '#F48FB1', deep: '#26C6DA', layout: 'template_c', splash: 'theme_g', drawer: 'theme_b', bottomBar: null, homeCategories: 'theme_f', categoryGrid: 'theme_c', details: 'theme_c', cta: 'theme_c', search: 'theme_d', searchInToolbar: true, ripples: 4, radius: 20, alternateCorners: true },
  // jewelries_accessories
  { templateId: 'aurum-jewels', category: 'jewelries_accessories', name: 'Aurum Jewels', slogan: 'Fine pieces, fair prices', tags: ['jewellery', 'gold', 'luxury', 'dark'], categories: [206, 205, 204, 201, 203, 202], primary: '#1F2937', accent: '#C8A24A', deep: '#4B3A12', layout: 'template_b', splash: 'theme_b', drawer: 'theme_c', bottomBar: null, homeCategories: 'theme_d', categoryGrid: 'theme_b', details: 'theme_b', cta: 'theme_b', search: 'theme_b', background: '#FAF7F0FF', radius: 2, splashFont: 'Great Vibes' },
  { templateId: 'silver-charm', category: 'jewelries_accessories', name: 'Silver Charm', slogan: 'Little things that shine', tags: ['jewellery', 'silver', 'charms', 'bottom bar'], categories: [205, 206, 201, 202, 203, 204], primary: '#455A64', accent: '#80DEEA', deep: '#90A4AE', layout: 'template_a', splash: 'theme_a', drawer: null, bottomBar: 'theme_b', homeCategories: 'theme_a', categoryGrid: 'theme_a', details: 'theme_c', cta: 'theme_a', search: 'theme_c', splashFont: 'Trebuchet MS', bodyFont: 'Trebuchet MS', radius: 10 },
  { templateId: 'ruby-lane', category: 'jewelries_accessories', name: 'Ruby Lane', slogan: 'Bold accessories for bold days', tags: ['accessories', 'red', 'bags', 'drawer'], categories: [203, 204, 202, 201, 205, 206], primary: '#B71C1C', accent: '#FFD54F', deep: '#880E4F', layout: 'template_c', splash: 'theme_d', drawer: 'theme_b', bottomBar: null, homeCategories: 'theme_e', categoryGrid: 'theme_c', details: 'theme_a', cta: 'theme_c', search: 'theme_a', direction: 'bottom-to-top-diagonal', radius: 0 },
  // phones_tablets
  { templateId: 'volt-mobile', category: 'phones_tablets', name: 'Volt Mobile', slogan: 'The latest phones, delivered today', tags: ['phones', 'tech', 'blue', 'bottom bar'], categories: [901, 902, 903, 904, 905, 906], primary: '#0F62FE', accent: '#00BFA5', deep: '#0043CE', layout: 'template_c', splash: 'theme_h', drawer: null, bottomBar: 'theme_c', homeCategories: 'theme_e', categoryGrid: 'theme_c', details: 'theme_c', cta: 'theme_c', search: 'theme_c', searchInToolbar: true, sizes: 'theme_a', alternateCorners: true, radius: 22, ripples: 5, splashFont: 'Verdana' },
  { templateId: 'pixel-hub', category: 'phones_tablets', name: 'Pixel Hub', slogan: 'Tablets and phones for every budget', tags: ['tablets', 'phones', 'purple', 'drawer'], categories: [903, 904, 901, 902, 905, 906], primary: '#5E35B1', accent: '#FF7043', deep: '#311B92', layout: 'template_a', splash: 'theme_e', drawer: 'theme_a', bottomBar: null, homeCategories: 'theme_c', categoryGrid: 'theme_a', details: 'theme_b', cta: 'theme_a', search: 'theme_d', splashFont: 'Roboto', radius: 12 },
  { templateId: 'carbon-cell', category: 'phones_tablets', name: 'Carbon Cell', slogan: 'Refurbished, certified, guaranteed', tags: ['phones', 'refurbished', 'dark', 'minimal'], categories: [902, 906, 905, 901, 903, 904], primary: '#212121', accent: '#76FF03', deep: '#424242', layout: 'template_b', splash: 'theme_g', drawer: 'theme_c', bottomBar: 'theme_a', homeCategories: 'theme_f', categoryGrid: 'theme_b', details: 'theme_a', cta: 'theme_b', search: 'theme_b', bodyFont: 'Arial', splashFont: 'Trebuchet MS', radius: 6, ripples: 6 },
  // one for every other super category
  { templateId: 'circuit-store', category: 'electronics', name: 'Circuit Store', slogan: 'Gadgets for everyday life', tags: ['electronics', 'gadgets', 'orange'], categories: [101, 102, 103, 104, 105, 106], primary: '#E65100', accent: '#1E88E5', deep: '#FF8F00', layout: 'template_a', splash: 'theme_h', drawer: null, bottomBar: 'theme_b', homeCategories: 'theme_d', categoryGrid: 'theme_a', details: 'theme_b', cta: 'theme_a', search: 'theme_a', radius: 8, ripples: 3 },
  { templateId: 'motor-mart', category: 'autos', name: 'Motor Mart', slogan: 'Parts and care for your car', tags: ['autos', 'parts', 'red', 'drawer'], categories: [401, 402, 403, 404, 405, 406], primary: '#C62828', accent: '#212121', deep: '#37474F', layout: 'template_b', splash: 'theme_a', drawer: 'theme_b', bottomBar: null, homeCategories: 'theme_a', categoryGrid: 'theme_c', details: 'theme_c', cta: 'theme_b', search: 'theme_c', splashFont: 'Verdana', bodyFont: 'Verdana', radius: 0 },
  { templateId: 'sprint-sports', category: 'sports', name: 'Sprint Sports', slogan: 'Gear up, go further', tags: ['sports', 'fitness', 'green', 'bottom bar'], categories: [501, 502, 503, 504, 505, 506], primary: '#00A651', accent: '#FFEB3B', deep: '#006837', layout: 'template_c', splash: 'theme_f', drawer: null, bottomBar: 'theme_c', homeCategories: 'theme_b', categoryGrid: 'theme_b', details: 'theme_a', cta: 'theme_c', search: 'theme_d', searchInToolbar: true, alternateCorners: true, radius: 18, splashFont: 'Trebuchet MS', ripples: 5 },
  { templateId: 'fresh-basket', category: 'groceries', name: 'Fresh Basket', slogan: 'Farm fresh to your door', tags: ['groceries', 'fresh', 'green', 'drawer'], categories: [601, 602, 603, 604, 605, 606], primary: '#558B2F', accent: '#FF9800', deep: '#8BC34A', layout: 'template_a', splash: 'theme_c', drawer: 'theme_a', bottomBar: 'theme_a', homeCategories: 'theme_f', categoryGrid: 'theme_a', details: 'theme_b', cta: 'theme_a', search: 'theme_b', background: '#FBFDF7FF', radius: 16, splashFont: 'Georgia' },
  { templateId: 'quick-bite', category: 'fast_food', name: 'Quick Bite', slogan: 'Hot food, fast', tags: ['fast food', 'restaurant', 'orange', 'bottom bar'], categories: [701, 702, 703, 704, 705, 706], primary: '#F4511E', accent: '#FFC107', deep: '#D84315', layout: 'template_b', splash: 'theme_e', drawer: null, bottomBar: 'theme_b', homeCategories: 'theme_c', categoryGrid: 'theme_c', details: 'theme_c', cta: 'theme_c', search: 'theme_a', radius: 24, ripples: 4, splashFont: 'Great Vibes' },
  { templateId: 'nest-living', category: 'home', name: 'Nest Living', slogan: 'Make your house a home', tags: ['home', 'furniture', 'brown', 'drawer'], categories: [801, 802, 803, 804, 805, 806], primary: '#6D4C41', accent: '#26A69A', deep: '#A1887F', layout: 'template_c', splash: 'theme_b', drawer: 'theme_c', bottomBar: null, homeCategories: 'theme_d', categoryGrid: 'theme_a', details: 'theme_a', cta: 'theme_b', search: 'theme_c', background: '#FFFBF7FF', bodyFont: 'Georgia', splashFont: 'Georgia', radius: 6 },
  { templateId: 'tiny-steps', category: 'baby', name: 'Tiny Steps', slogan: 'Everything for your little one', tags: ['baby', 'kids', 'pastel', 'bottom bar'], categories: [1001, 1002, 1003, 1004, 1005, 1006], primary: '#5C6BC0', accent: '#F06292', deep: '#9FA8DA', layout: 'template_a', splash: 'theme_g', drawer: 'theme_b', bottomBar: 'theme_c', homeCategories: 'theme_e', categoryGrid: 'theme_b', details: 'theme_c', cta: 'theme_a', search: 'theme_d', radius: 20, ripples: 6, splashFont: 'Great Vibes' },
  { templateId: 'byte-works', category: 'computers', name: 'Byte Works', slogan: 'Laptops, desktops and parts', tags: ['computers', 'laptops', 'navy', 'minimal'], categories: [1101, 1102, 1103, 1104, 1105, 1106], primary: '#0D47A1', accent: '#00E5FF', deep: '#1565C0', layout: 'template_b', splash: 'theme_d', drawer: 'theme_a', bottomBar: null, homeCategories: 'theme_a', categoryGrid: 'theme_a', details: 'theme_b', cta: 'theme_c', search: 'theme_d', searchInToolbar: true, bodyFont: 'Arial', splashFont: 'Verdana', radius: 4, direction: 'left-to-right' },
];

export const STARTER_TEMPLATES: readonly StarterTemplate[] = LOOKS.map(build);
