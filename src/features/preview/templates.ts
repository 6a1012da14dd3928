/**
 * The seeded designs the preview shows until templates are stored (issue #9: "a seeded default
 * for now"): one per homepage template category, each on its own template and themes.
 */
import type { TemplateCategory } from '@contract/constants';
import type { CreationInput } from '@contract/design/schemas';
import { deriveAccent, derivePrimary } from '@contract/colour';

interface PreviewTemplate {
  templateId: string;
  category: TemplateCategory;
  name: string;
  /** The shop that owns the template (its alias); owners may edit it. */
  shopAlias: string;
  creation: CreationInput;
}

const colours = (primary: string, accent: string) => {
  const p = derivePrimary(primary);
  const a = deriveAccent(accent);
  return { ...p, ...a, chatSenderBalloon: p.primary, buttonForeground: '#FFFFFFFF' };
};

const PREVIEW_TEMPLATES: readonly PreviewTemplate[] = [
  {
    templateId: 'glow-beauty',
    category: 'health_beauty',
    name: 'Glow Beauty',
    shopAlias: 'glow-beauty',
    creation: {
      shop: { alias: 'glow-beauty', name: 'Glow Beauty Studio', slogan: 'Skin care that loves you back' },
      superCategoriesOfInterest: [3],
      categoriesOfInterest: [302, 303, 306, 301, 305, 304],
      appTemplate: { theme: 'template_a', hasSideNavBar: true, hasBottomNavBar: false },
      colors: colours('#D63A7A', '#7C4DFF'),
      toolBar: { gradient: { colors: ['#D63A7A', '#F06292'], direction: 'left-to-right', spread: 1 } },
      buttons: { gradient: { colors: ['#D63A7A', '#7C4DFF'], direction: 'left-to-right' } },
      splashScreen: {
        theme: 'theme_f',
        text: { appName: 'Glow Beauty', appSlogan: 'Skin care that loves you back' },
        background: { type: 'gradient', gradient: { colors: ['#D63A7A', '#7C4DFF'], direction: 'top-to-bottom-diagonal' } },
      },
      sideNavigationDrawer: {
        theme: 'theme_a',
        header: { background: { colors: ['#D63A7A', '#7C4DFF'] } },
        item: { selected: { background: '#FCE4EC', font: { color: '#AD1457' } } },
      },
      homeCategories: { theme: 'theme_b', itemHighlight: '#D63A7A' },
      measurementItem: { priceFontColor: '#C2185B', price: { color: '#C2185B' } },
      searchBar: { button: { background: '#C2185B', border: { color: '#C2185B' } } },
      sizesSelection: { selected: { background: '#C2185B', border: { color: '#C2185B' } } },
      quantitySelection: { increment: { background: '#C2185B', border: { color: '#C2185B' } } },
      productDetailsCTA: {
        primary: { background: '#C2185B', border: { color: '#C2185B' } },
        secondary: { font: { color: '#C2185B' }, border: { color: '#C2185B' } },
      },
    },
  },
  {
    templateId: 'aurum-jewels',
    category: 'jewelries_accessories',
    name: 'Aurum Jewels',
    shopAlias: 'aurum-jewels',
    creation: {
      shop: { alias: 'aurum-jewels', name: 'Aurum Jewels', slogan: 'Fine pieces, fair prices' },
      superCategoriesOfInterest: [2],
      categoriesOfInterest: [206, 205, 204, 201, 203, 202],
      appTemplate: { theme: 'template_b', hasSideNavBar: true, hasBottomNavBar: false },
      colors: { ...colours('#1F2937', '#C8A24A'), backgroundColor: '#FAF7F0FF', bodyColor: '#1F2937FF' },
      toolBar: { gradient: { colors: ['#111827', '#374151'], direction: 'left-to-right' } },
      buttons: { gradient: { colors: ['#C8A24A', '#A27B2C'] }, border: { radius: { topLeft: 2, topRight: 2, bottomLeft: 2, bottomRight: 2 } } },
      splashScreen: {
        theme: 'theme_b',
        font: { fontFamily: 'Great Vibes', size: 46 },
        background: { type: 'gradient', gradient: { colors: ['#111827', '#4B3A12'], direction: 'top-to-bottom' } },
        paneColor: '#C8A24A',
        paneOpacity: 0.25,
      },
      sideNavigationDrawer: { theme: 'theme_c', item: { selected: { background: '#FBF3DF', font: { color: '#7A5A12' } } } },
      homeCategories: { theme: 'theme_d', itemHighlight: '#F3E3B5' },
      categories: { theme: 'theme_b' },
      searchBar: { theme: 'theme_b', button: { background: '#C8A24A' } },
      productDetailsBody: { theme: 'theme_b' },
      productDetailsCTA: { theme: 'theme_b', primary: { background: '#C8A24A' } },
      measurementItem: { priceFontColor: '#A27B2C', borderRadius: { topLeft: 2, topRight: 2, bottomLeft: 2, bottomRight: 2 } },
    },
  },
  {
    templateId: 'volt-mobile',
    category: 'phones_tablets',
    name: 'Volt Mobile',
    shopAlias: 'volt-mobile',
    creation: {
      shop: { alias: 'volt-mobile', name: 'Volt Mobile', slogan: 'The latest phones, delivered today' },
      superCategoriesOfInterest: [9, 1],
      categoriesOfInterest: [901, 902, 903, 101, 904, 905, 906, 104],
      appTemplate: { theme: 'template_c', hasSideNavBar: false, hasBottomNavBar: true },
      colors: colours('#0F62FE', '#00BFA5'),
      toolBar: { gradient: { colors: ['#0F62FE', '#0043CE'], direction: 'left-to-right' } },
      splashScreen: {
        theme: 'theme_h',
        ripplesCount: 5,
        background: { type: 'gradient', gradient: { colors: ['#0043CE', '#00BFA5'], direction: 'bottom-to-top-diagonal' } },
      },
      bottomNavBar: { theme: 'theme_c', isShow: true, selectedColor: '#0F62FE' },
      homeCategories: { theme: 'theme_e' },
      categories: { theme: 'theme_c' },
      searchBar: { theme: 'theme_c', position: 'in-toolbar' },
      productDetailsBody: { theme: 'theme_c' },
      productDetailsCTA: { theme: 'theme_c' },
      sizesSelection: { theme: 'theme_a' },
      measurementItem: { isAlternateCorners: true, borderRadius: { topLeft: 22, topRight: 4, bottomLeft: 4, bottomRight: 22 } },
    },
  },
];

export const DEFAULT_TEMPLATE_ID = 'glow-beauty';

export function findPreviewTemplate(templateId: string): PreviewTemplate | undefined {
  return PREVIEW_TEMPLATES.find((template) => template.templateId === templateId);
}
