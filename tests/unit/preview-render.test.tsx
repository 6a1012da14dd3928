import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { creationSchema } from '@contract/design/schemas';
import { parseCreationTolerant } from '@contract/design/schemas-tolerant';
import type { ProductCategory, SampleProduct, Slide } from '@contract/catalog/schemas';
import { PhoneScreen } from '@/features/preview/components/PhoneScreen';
import { initialSelections } from '@/features/preview/phone-state';
import type { SampleData } from '@/features/preview/sample';
import { SCREENS, type Screen } from '@/features/preview/screens';

const products: SampleProduct[] = Array.from({ length: 40 }, (_, i) => ({
  id: 1000 + i,
  superCategoryId: 1,
  categoryId: 101 + (i % 3),
  name: `Aurora Wireless Earbuds ${i}`,
  title: `Aurora True Wireless Earbuds with Pocket Charging Case ${i}`,
  short_description: 'Noise-reducing earbuds, 30 hours with the case',
  description: 'Soft silicone tips seal out street noise.',
  image: `/p${i}.webp`,
  price: 200,
  maxPrice: 270,
  quantity: 1,
  sizes: i === 0 ? ['S', 'M', 'L'] : [],
  reviews: [{ id: 1, person: 'Amara K.', date: '2026-02-14', stars: 5, description: 'Great.' }],
}));
const categories: ProductCategory[] = Array.from({ length: 8 }, (_, i) => ({
  id: 101 + i,
  superCategoryId: 1,
  name: `Category number ${i} with a long name`,
  icon: '/i.webp',
  imageList: ['/c.webp'],
}));
const slides: Slide[] = [1, 2, 3].map((id) => ({ id, superCategoryId: 1, image: `/s${id}.webp`, title: `Slide ${id}`, subtitle: 'Sub' }));
const sample: SampleData = { products, categories, slides };

function show(screenName: Screen, design: unknown = {}) {
  const creation = parseCreationTolerant(design);
  return render(<PhoneScreen creation={creation} sample={sample} selections={initialSelections(screenName)} dispatch={() => undefined} />);
}

describe('PhoneScreen renders every screen', () => {
  it.each(SCREENS.map((name) => [name]))('%s, with the defaults and a broken design drawn as the defaults', (name) => {
    const defaults = show(name);
    expect(defaults.container.querySelector(`[data-screen="${name}"]`)).not.toBeNull();
    const drawn = defaults.container.innerHTML;
    defaults.unmount();
    const broken = show(name, { colors: { primary: 42 }, splashScreen: null, appTemplate: { theme: 'x' }, measurementItem: { borderRadius: 'round' } });
    expect(broken.container.innerHTML).toBe(drawn);
    broken.unmount();
  });
});

describe('theme switches', () => {
  it('splash screen themes a-h; ripples only for f, g and h', () => {
    for (const theme of ['theme_a', 'theme_b', 'theme_c', 'theme_d', 'theme_e', 'theme_f', 'theme_g', 'theme_h']) {
      const { container, unmount } = show('splash', { splashScreen: { theme, ripplesCount: 3 } });
      expect(container.querySelector(`[data-theme="${theme}"]`)).not.toBeNull();
      const ripples = container.querySelectorAll('[data-theme] > span[aria-hidden="true"][style*="border-radius: 50%"]').length;
      if (['theme_f', 'theme_g', 'theme_h'].includes(theme)) expect(ripples).toBe(3);
      unmount();
    }
  });

  it('splash switches: logo, label and slogan', () => {
    show('splash', { splashScreen: { isShowLogo: false, isShowSlogan: false, text: { appName: 'Bloom', appSlogan: 'Fresh' } } });
    expect(screen.getByRole('heading', { name: 'Bloom' })).toBeInTheDocument();
    expect(screen.queryByText('Fresh')).toBeNull();
    expect(screen.queryByLabelText('Bloom logo')).toBeNull();
  });

  it('login: auth switches, full screen or modal', () => {
    show('login', { loginScreen: { allowGoogleAuth: false } });
    expect(screen.queryByRole('button', { name: 'Google' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Facebook' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    screen.getByPlaceholderText('Email');
  });

  it('login modal over the home page', () => {
    show('login', { loginScreen: { isFullScreen: false }, loginModal: { allowCustomAuth: false } });
    expect(screen.getByRole('dialog', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByPlaceholderText('Email')).toBeNull();
  });

  it('measurement list: 30 items, title cut by template', () => {
    for (const [theme, cut] of [
      ['template_a', 16],
      ['template_b', 50],
      ['template_c', 20],
    ] as const) {
      const { unmount } = show('home-page', { appTemplate: { theme } });
      const main = screen.getByRole('main');
      expect(within(main).getAllByText(/^\$200\.00$/)).toHaveLength(30);
      expect(within(main).getAllByText(`${products[0]?.title.slice(0, cut).trimEnd()}…`, { exact: false }).length).toBeGreaterThan(0);
      unmount();
    }
  });

  it('home categories: shown only if isShow, first 6, theme_e titles cut at 19', () => {
    show('home-page', { homeCategories: { theme: 'theme_e' } });
    expect(screen.getAllByText('Category number 0 w…')).toHaveLength(1);
    expect(screen.queryByText(/Category number 6/)).toBeNull();
  });

  it('home categories hidden', () => {
    show('home-page', { homeCategories: { isShow: false } });
    expect(screen.queryByText(/Category number/)).toBeNull();
  });

  it('search bar: placeholder and Search button, below the slideshow or in the toolbar', () => {
    for (const theme of ['theme_a', 'theme_b', 'theme_c', 'theme_d']) {
      const { unmount } = show('home-page', { searchBar: { theme } });
      const search = screen.getByRole('search');
      expect(within(search).getByText('search')).toBeInTheDocument();
      expect(within(search).getByText('Search')).toBeInTheDocument();
      unmount();
    }
    show('home-page', { searchBar: { position: 'in-toolbar' } });
    expect(within(screen.getByRole('banner')).getByRole('search')).toBeInTheDocument();
  });

  it('category grid: theme_b one column, the others two', () => {
    for (const [theme, columns] of [
      ['theme_a', 2],
      ['theme_b', 1],
      ['theme_c', 2],
    ] as const) {
      const { container, unmount } = show('categories-page', { categories: { theme } });
      expect((container.querySelector('[data-page="categories-page"] > div') as HTMLElement).style.gridTemplateColumns).toBe(`repeat(${columns}, 1fr)`);
      unmount();
    }
  });

  it('product details: body theme_a stacked, theme_b tabs (pd first), theme_c accordion; sizes dropdown or chips', () => {
    let view = show('product-details', { productDetailsBody: { theme: 'theme_a' }, sizesSelection: { theme: 'theme_a' } });
    expect(screen.getByRole('heading', { level: 4, name: 'Details' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 4, name: 'Reviews' })).toBeInTheDocument();
    expect(screen.getByRole('combobox')).toHaveValue('S');
    view.unmount();
    view = show('product-details', { productDetailsBody: { theme: 'theme_b' } });
    const tabs = screen.getByRole('tablist');
    expect(
      within(tabs)
        .getAllByRole('button')
        .map((tab) => tab.textContent),
    ).toEqual(['Details', 'Reviews']);
    expect(within(tabs).getByRole('button', { name: 'Details' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'S' })).toHaveAttribute('aria-pressed', 'true');
    view.unmount();
    show('product-details', { productDetailsBody: { theme: 'theme_c' } });
    expect(screen.getByRole('button', { name: 'Details' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Reviews' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('product details CTA themes a-c: Add to Cart, Go Back and the heart', () => {
    for (const theme of ['theme_a', 'theme_b', 'theme_c']) {
      const { unmount } = show('product-details', { productDetailsCTA: { theme } });
      for (const name of ['Add to Cart', 'Go Back', 'Add to favourites']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
      unmount();
    }
  });

  it('bottom bar only if isShow, themes a-c', () => {
    show('home-page').unmount();
    expect(screen.queryByRole('navigation', { name: 'Bottom navigation' })).toBeNull();
    for (const theme of ['theme_a', 'theme_b', 'theme_c']) {
      const { unmount } = show('home-page', { bottomNavBar: { isShow: true, theme } });
      const bar = screen.getByRole('navigation', { name: 'Bottom navigation' });
      expect(
        within(bar)
          .getAllByRole('button')
          .map((item) => item.getAttribute('aria-label')),
      ).toEqual(['Home', 'Categories', 'Orders', 'Account']);
      unmount();
    }
  });

  it('side drawer only when the template has one: grid for theme_a, lists for b and c, 250 px', () => {
    const selections = { ...initialSelections('cart'), drawerOpen: true };
    for (const theme of ['theme_a', 'theme_b', 'theme_c']) {
      const creation = creationSchema.parse({ sideNavigationDrawer: { theme } });
      const { unmount } = render(<PhoneScreen creation={creation} sample={sample} selections={selections} dispatch={() => undefined} />);
      const menu = screen.getByRole('navigation', { name: 'Side menu' });
      expect(menu.style.width).toBe('250px');
      expect(within(menu).getByRole('button', { name: 'Shopping Cart' })).toHaveAttribute('aria-pressed', 'true');
      unmount();
    }
    const noDrawer = creationSchema.parse({ appTemplate: { hasSideNavBar: false } });
    render(<PhoneScreen creation={noDrawer} sample={sample} selections={selections} dispatch={() => undefined} />);
    expect(screen.queryByRole('navigation', { name: 'Side menu' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();
  });

  it('cart: 5 items, names cut at 20, Total, Keep Shopping and Checkout', () => {
    const { container } = show('cart');
    const cart = within(container.querySelector('[data-page="cart"]') as HTMLElement);
    expect(cart.getAllByText('Aurora Wireless Earb…')).toHaveLength(5);
    expect(cart.getByText('Total')).toBeInTheDocument();
    expect(cart.getByText('$1,000.00')).toBeInTheDocument();
    expect(cart.getAllByText('$270.00')).toHaveLength(5);
  });

  it('the toolbar cuts the shop name at 20 and the support chat button is not in the phone', () => {
    show('home-page', { shop: { name: 'The Very Long Shop Name Inc' } });
    expect(screen.getByRole('heading', { name: 'The Very Long Shop N…' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /support/i })).toBeNull();
  });
});
