import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '@contract/users/schemas';
import { createTestRouter, installFakeApi, ok, renderApp, sampleUser, session, signIn } from './support/fake-api';

/** Every route of spec section 2 with a concrete path and the heading its page shows. */
const SPEC_ROUTES: readonly [path: string, heading: string][] = [
  ['/', 'Your shop, as a mobile app your customers will love'],
  ['/features', 'Features'],
  ['/pricing', 'Pricing'],
  ['/templates', 'Templates'],
  ['/templates/create-template', 'Create a template'],
  ['/templates/tpl-42/edit', 'Template not found'],
  ['/templates/tpl-42/preview', 'Template not found'],
  ['/templates/glow-beauty/preview', 'Glow Beauty preview'],
  ['/billing', 'Billing'],
  ['/payment-methods', 'Payment Methods'],
  ['/new-app/setup', 'Set up your shop'],
  ['/new-app/category-selection?alias=ada-shop', 'Choose your categories'],
  ['/new-app/ada-shop/design', 'Design your app'],
  ['/join-project', 'Join a project'],
  ['/apps/ada-shop/public', 'Shared project'],
  ['/notifications', 'Notifications'],
  ['/apps', 'My Apps'],
  ['/apps/ada-shop', 'App details'],
  ['/payments', 'Payments'],
  ['/payments/ada-shop', 'App payments'],
  ['/payments/actions/resolution', 'Pending payments'],
  ['/about-us', 'About Us'],
  ['/terms', 'Terms'],
  ['/faq', 'Frequently asked questions'],
  ['/contact-us', 'Contact Us'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/email/verify', 'Verify your email'],
  ['/password/reset', 'Reset your password'],
  ['/account', 'Your account'],
  ['/test/preview', 'Glow Beauty preview'],
];

/** Spec section 6: only a logged-in user reaches these; the route-table tests visit them signed in. */
const PRIVATE_PATHS = new Set([
  '/templates/create-template',
  '/templates/tpl-42/edit',
  '/billing',
  '/payment-methods',
  '/new-app/setup',
  '/new-app/category-selection?alias=ada-shop',
  '/new-app/ada-shop/design',
  '/join-project',
  '/notifications',
  '/apps',
  '/apps/ada-shop',
  '/payments',
  '/payments/ada-shop',
  '/payments/actions/resolution',
  '/account',
]);

const ADA = sampleUser();

function signInFor(path: string) {
  if (PRIVATE_PATHS.has(path)) signIn(ADA);
}

const PLANS = [{ id: 1, planCode: 'starter', name: 'Starter', amount: 2500, currencyCode: 'USD', description: 'One app' }];
const SUPER_CATEGORIES = [
  { id: 1, name: 'electronics', image: '/catalogue/electronics.webp' },
  { id: 2, name: 'fashion', image: '/catalogue/fashion.webp' },
];
const ADA_SHOP = {
  id: 1,
  name: 'Ada Foods',
  alias: 'ada-shop',
  slugName: 'ada-foods',
  appBucketName: 'ada-shop-app',
  logo: '/uploads/shop-media/0123456789abcdef0123456789abcdef.webp',
  slogan: '',
  latitude: 6.45,
  longitude: 3.39,
  address: { name: 'Lagos', description: 'Lagos, Nigeria', latitude: 6.45, longitude: 3.39 },
  shopCurrency: { currencyId: 1, currency: { id: 1, code: 'NGN', name: 'Nigerian Naira', symbol: '₦' } },
  categoriesOfInterest: [],
  superCategoriesOfInterest: [],
  isTemplate: false,
  shopApps: [],
  ownerId: 1,
  configVersion: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  config: null,
};

const { fetchMock, answer } = installFakeApi({
  '/v1/plans': PLANS,
  '/v1/super-categories': SUPER_CATEGORIES,
  '/v1/productcategories': [{ id: 201, superCategoryId: 2, name: 'Dresses', icon: '/catalogue/dresses.webp', imageList: [] }],
  '/v1/admin/shops/ada-shop': ADA_SHOP,
  // Issue 14: the caller's rights, versions, collaborators and sharing of the shop (before its own prefix).
  '/v1/shops/ada-shop/access': { role: 'owner', accessRights: { view: true, editDesign: true, manageCollaborators: true }, sovereign: false },
  '/v1/shops/ada-shop/design/versions': [],
  '/v1/shops/ada-shop/design/collaborators': [],
  '/v1/shops/ada-shop/sharing': { publicLink: true },
  '/v1/shops/ada-shop/builds': [],
  '/v1/users/1/shop-collaborations': [],
  '/v1/shops/ada-shop': ADA_SHOP,
  '/v1/users/1/shops': [],
  '/v1/currencies': [],
  '/v1/transactions': [],
  '/v1/authorizations': [],
  '/v1/billings': [],
  '/v1/subscriptions': [],
  '/v1/remote-config/portal-payments': { provider: 'paystack' },
  '/v1/templates/glow-beauty': {
    templateId: 'glow-beauty',
    category: 'health_beauty',
    name: 'Glow Beauty',
    isPublished: 1,
    isDefault: 1,
    version: 0,
    tags: ['beauty'],
    colors: ['#D63A7AFF'],
    images: ['/icons/icon-192.png'],
    data: { shop: { alias: 'glow-beauty', name: 'Glow Beauty', logo: '/icons/icon-192.png' }, version: 0, configVersion: 0 },
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    creation: { shop: { alias: 'glow-beauty', name: 'Glow Beauty' } },
  },
});

describe('route table (spec section 2)', () => {
  it.each(SPEC_ROUTES)('%s matches a route of its own, not the not-found page', async (path) => {
    signInFor(path);
    const { router } = createTestRouter(path);
    await router.load();
    const matches = router.state.matches;
    expect(matches.some((match) => match.status === 'notFound')).toBe(false);
    expect(matches.at(-1)?.routeId).not.toBe('__root__');
    expect(router.state.location.pathname).toBe(path.split('?')[0]);
  });

  it('types and passes the templateId and alias params', async () => {
    signIn(ADA);
    const edit = createTestRouter('/templates/tpl-42/edit').router;
    await edit.load();
    expect(edit.state.matches.at(-1)?.params).toEqual({ templateId: 'tpl-42' });
    const design = createTestRouter('/new-app/ada-shop/design').router;
    await design.load();
    expect(design.state.matches.at(-1)?.params).toEqual({ alias: 'ada-shop' });
  });

  it.each(SPEC_ROUTES)('%s renders its heading inside the shell', async (path, heading) => {
    signInFor(path);
    await renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    // The footer is lazy (not in the first screen's JS): it arrives right after the page.
    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
  });

  it('shows the not-found page for any other path, inside the shell', async () => {
    const { router } = await renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the homepage' })).toHaveAttribute('href', '/');
    expect(router.state.matches.map((match) => match.routeId)).toEqual(['__root__']);
  });

  it('redirects /new-app to /new-app/setup', async () => {
    signIn(ADA);
    const { router } = await renderApp('/new-app');
    await waitFor(() => expect(router.state.location.pathname).toBe('/new-app/setup'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up your shop' })).toBeInTheDocument();
  });
});

describe('ordering an app (issue 31)', () => {
  it('?order=1 opens the Order app dialog on the app details page; closing it drops the parameter', async () => {
    signIn(ADA);
    const { router } = await renderApp('/apps/ada-shop?order=1');
    const dialog = await screen.findByRole('dialog', { name: 'Order app' });
    // No plan and no saved card yet: a plan to choose, the way to Payment Methods, and no order until a card is saved.
    expect(within(dialog).getByRole('radio', { name: /Starter/ })).toBeChecked();
    expect(await within(dialog).findByRole('link', { name: 'Add a card' })).toHaveAttribute('href', '/payment-methods');
    expect(within(dialog).getByRole('button', { name: 'Confirm order' })).toBeDisabled();
    expect(screen.getByRole('heading', { level: 2, name: 'Builds', hidden: true })).toBeInTheDocument();
    act(() => within(dialog).getByRole('button', { name: 'Cancel' }).click());
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('order'));
    expect(screen.getByRole('button', { name: 'Order app' })).toBeInTheDocument();
  });
});

describe('search parameters', () => {
  it('parses login-modal and the referral code on any page', async () => {
    const { router } = createTestRouter('/pricing?login-modal=true&ref=ADA-42');
    await router.load();
    expect(router.state.location.search).toMatchObject({ 'login-modal': true, ref: 'ADA-42' });
  });

  it('drops a bad value and still shows the page', async () => {
    const { router } = await renderApp('/features?login-modal=maybe&referrer=%3Cscript%3E');
    expect(await screen.findByRole('heading', { level: 1, name: 'Features' })).toBeInTheDocument();
    expect(router.state.location.search).not.toHaveProperty('login-modal', expect.anything());
    expect(router.state.location.search).not.toHaveProperty('referrer', expect.anything());
  });
});

describe('shell', () => {
  it("logged out: the 'Sign In/Up' link opens the login modal on the current page", async () => {
    await renderApp('/pricing');
    const signIn = await screen.findByRole('link', { name: 'Sign In/Up' });
    expect(signIn).toHaveAttribute('href', '/pricing?login-modal=true');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).queryByRole('link', { name: 'My Apps' })).not.toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'FAQs' })).toHaveAttribute('href', '/faq');
  });

  it('logged in: no Sign In/Up, and the footer adds My Apps, Billing and Payment Methods', async () => {
    signIn({ id: 1, firstName: 'Ada' } as User);
    await renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: 'Sign In/Up' })).not.toBeInTheDocument();
    const information = screen.getByRole('navigation', { name: 'Information' });
    expect(
      within(information)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Features', 'Pricing', 'Templates', 'My Apps', 'Billing', 'Payment Methods']);
  });

  it('names the tab after the page and marks the current nav link', async () => {
    await renderApp('/pricing');
    await screen.findByRole('heading', { level: 1, name: 'Pricing' });
    await waitFor(() => expect(document.title).toBe('Pricing | ShopApp Studio'));
    const nav = screen.getByRole('navigation', { name: 'Main' });
    // The nav bar links are CSS-hidden below the md breakpoint, which jsdom applies.
    expect(within(nav).getByRole('link', { name: 'Pricing', hidden: true })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Features', hidden: true })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'ShopApp Studio' })).not.toHaveAttribute('aria-current');
  });

  it('side drawer: Login/Register opens the login modal when logged out', async () => {
    await renderApp('/features');
    act(() => screen.getByRole('button', { name: 'Open menu' }).click());
    const menu = await screen.findByRole('navigation', { name: 'Menu' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Login/Register', 'Features', 'Pricing', 'Templates']);
    expect(within(menu).getByRole('link', { name: 'Login/Register' })).toHaveAttribute('href', '/features?login-modal=true');
  });

  it('side drawer: Logout asks first, then ends the session', async () => {
    signIn({ id: 1, firstName: 'Ada' } as User);
    const { router } = await renderApp('/billing');
    act(() => screen.getByRole('button', { name: 'Open menu' }).click());
    const menu = await screen.findByRole('navigation', { name: 'Menu' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Features', 'Pricing', 'Templates', 'My Apps', 'Billing', 'Payment Methods']);
    act(() => within(menu).getByRole('button', { name: 'Logout' }).click());
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to log out?' });
    expect(session().isLoggedIn).toBe(true);
    act(() => within(dialog).getByRole('button', { name: 'Yes, Logout' }).click());
    expect(session().isLoggedIn).toBe(false);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('link', { name: 'Sign In/Up' })).toBeInTheDocument();
  });

  it('FAQ: each question is an h2 holding the button that expands its answer', async () => {
    await renderApp('/faq');
    const question = await screen.findByRole('heading', { level: 2, name: 'How am I billed?' });
    const button = within(question).getByRole('button', { name: 'How am I billed?' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    act(() => button.click());
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/usage is measured in minutes/)).toBeVisible();
    // Spec section 9: at most 20 templates per user.
    act(() =>
      within(screen.getByRole('heading', { level: 2, name: /create my own templates/i }))
        .getByRole('button')
        .click(),
    );
    expect(screen.getByText(/up to 20 each/)).toBeVisible();
  });

  it('has a skip link to the main landmark', async () => {
    await renderApp('/');
    const skip = await screen.findByRole('link', { name: 'Skip to content' });
    const main = screen.getByRole('main');
    expect(skip).toHaveAttribute('href', `#${main.id}`);
  });

  it('shows the plans from GET /v1/plans on the pricing page', async () => {
    await renderApp('/pricing');
    expect(await screen.findByRole('heading', { level: 3, name: 'Starter' })).toBeInTheDocument();
    expect(screen.getByText('USD 25.00 / month')).toBeInTheDocument();
  });

  it('shows the error text and retries when the plans fail to load', async () => {
    // The router reports the failed loader on the console; the page itself is what is checked here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockImplementation(() => Promise.resolve(new Response(JSON.stringify({ message: 'Plans are resting' }), { status: 400 })));
    await renderApp('/pricing');
    expect(await screen.findByText('Plans are resting')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Pricing' })).toBeInTheDocument();
    fetchMock.mockImplementation(answer);
    act(() => screen.getByRole('button', { name: 'Retry' }).click());
    expect(await screen.findByRole('heading', { level: 3, name: 'Starter' })).toBeInTheDocument();
  });

  it('lists the super-categories as selectable cards', async () => {
    signIn(ADA);
    await renderApp('/new-app/category-selection?alias=ada-shop');
    const fashion = await screen.findByRole('button', { name: 'Fashion' });
    expect(fashion).toHaveAttribute('aria-pressed', 'false');
    act(() => fashion.click());
    expect(fashion).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('1 of 2 selected.');
    expect(await screen.findByRole('button', { name: 'Dresses' })).toBeInTheDocument();
  });

  it('shows a loading indicator while a route loads', async () => {
    let release: () => void = () => {};
    fetchMock.mockImplementation((input) => {
      if (!String(input).startsWith('/v1/super-categories')) return answer(input);
      return new Promise((resolve) => {
        release = () => resolve(ok(SUPER_CATEGORIES));
      });
    });
    signIn(ADA);
    const { router } = await renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('progressbar', { name: 'Loading page' })).not.toBeInTheDocument();
    act(() => void router.navigate({ to: '/new-app/category-selection', search: { alias: 'ada-shop' } }));
    expect(await screen.findByRole('progressbar', { name: 'Loading page' })).toBeInTheDocument();
    act(() => release());
    expect(await screen.findByRole('button', { name: 'Fashion' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Loading page' })).not.toBeInTheDocument());
  });
});
