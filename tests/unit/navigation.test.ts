import { describe, expect, it } from 'vitest';
import { NAMED_ROUTES } from '@/lib/named-routes';
import { ACCOUNT_MENU, FOOTER_COMPANY, FOOTER_INFORMATION, SIDE_DRAWER, isNavSolid, visibleEntries, type NavEntry } from '@/lib/navigation';

const labels = (entries: NavEntry[] | readonly NavEntry[]) => entries.map((entry) => entry.label);

describe('navigation data (spec section 2 "Navigation")', () => {
  it('side drawer when logged out: Login/Register, Features, Pricing, Templates', () => {
    expect(labels(visibleEntries(SIDE_DRAWER, false))).toEqual(['Login/Register', 'Features', 'Pricing', 'Templates']);
  });

  it('side drawer when logged in adds My Apps, Billing, Payment Methods and Logout, without Login/Register', () => {
    expect(labels(visibleEntries(SIDE_DRAWER, true))).toEqual(['Features', 'Pricing', 'Templates', 'My Apps', 'Billing', 'Payment Methods', 'Logout']);
  });

  it('footer Information: Features, Pricing, Templates; logged in also My Apps, Billing, Payment Methods', () => {
    expect(labels(visibleEntries(FOOTER_INFORMATION, false))).toEqual(['Features', 'Pricing', 'Templates']);
    expect(labels(visibleEntries(FOOTER_INFORMATION, true))).toEqual(['Features', 'Pricing', 'Templates', 'My Apps', 'Billing', 'Payment Methods']);
  });

  it('account dropdown: My Apps, Billing, Payment Methods, Create Template, then our Account page, then Logout', () => {
    expect(labels(visibleEntries(ACCOUNT_MENU, true))).toEqual(['My Apps', 'Billing', 'Payment Methods', 'Create Template', 'Account', 'Logout']);
    expect(ACCOUNT_MENU.find((entry) => entry.label === 'Create Template')).toMatchObject({ kind: 'link', to: NAMED_ROUTES.CreateTemplate });
  });

  it('footer Company: About Us, Contact Us, Terms, Privacy Policy, FAQs for everyone', () => {
    const expected = ['About Us', 'Contact Us', 'Terms', 'Privacy Policy', 'FAQs'];
    expect(labels(visibleEntries(FOOTER_COMPANY, false))).toEqual(expected);
    expect(labels(visibleEntries(FOOTER_COMPANY, true))).toEqual(expected);
  });

  it('login and logout are actions, not links', () => {
    const actions = SIDE_DRAWER.flatMap((entry) => (entry.kind === 'action' ? [entry.action] : []));
    expect(actions).toEqual(['login', 'logout']);
  });
});

describe('isNavSolid (solid after 50 px of scrolling)', () => {
  it.each([
    [0, false],
    [49, false],
    [50, false],
    [50.5, true],
    [51, true],
    [2000, true],
  ])('scrollY %s -> %s', (scrollY, solid) => {
    expect(isNavSolid(scrollY)).toBe(solid);
  });
});
