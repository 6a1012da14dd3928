/** The phone's toolbar (back or menu, the title or the search bar, the cart) and the search bar the home page may also show. */
import type { CSSProperties } from 'react';
import { cssColour } from '@contract/colour';
import { CONSTANTS } from '@contract/constants';
import type { Creation } from '@contract/design/schemas';
import { Icon } from '../icons';
import { elevationCss, gradientCss, radiusCss, borderCss } from '../styles';
import { shopNameInToolbar } from '../truncation';
import { IconTap, Tap, boxCss, textCss } from './parts';
import type { PhoneScreenProps } from './phone-screen-props';

const PAGE_TITLES: Record<string, string> = {
  'categories-page': 'Categories',
  'order-history': 'Order History',
  cart: 'Shopping Cart',
  'customer-care': 'Customer Care',
  support: 'Support',
  'product-details': 'Details',
  'product-list': 'Products',
  'check-out': 'Checkout',
};

export function Toolbar({ creation, selections, dispatch, back, menu }: PhoneScreenProps & { back: boolean; menu: boolean }) {
  const fg = cssColour(creation.colors.toolBarForeground);
  const page = selections.screen;
  const searchInToolbar = creation.searchBar.position === 'in-toolbar' && page === 'home-page';
  const title = page === 'home-page' ? shopNameInToolbar(creation.shop.name) : (PAGE_TITLES[page] ?? '');
  return (
    <header
      style={{
        flex: 'none',
        background: gradientCss(creation.toolBar.gradient),
        color: fg,
        boxShadow: elevationCss(creation.toolBar.elevation),
        zIndex: 2,
        padding: '34px 6px 8px',
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 4, minHeight: 40 }}>
        {back && <IconTap icon="back" label="Back" color={fg} onClick={() => dispatch({ type: 'back' })} />}
        {menu && (
          <IconTap
            icon="menu"
            label="Menu"
            color={cssColour(creation.sideNavIcon.color)}
            size={creation.sideNavIcon.size}
            onClick={() => dispatch({ type: 'menu', open: true })}
          />
        )}
        {!back && !menu && <span style={{ width: 8 }} />}
        {searchInToolbar ? (
          <div style={{ flex: 1 }}>
            <SearchBar creation={creation} compact />
          </div>
        ) : (
          <h2
            style={{ flex: 1, margin: 0, fontSize: 18, fontWeight: 600, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', textAlign: 'left' }}
          >
            {title}
          </h2>
        )}
        <Tap
          label="Cart"
          onClick={() => dispatch({ type: 'go', screen: 'cart' })}
          style={{ position: 'relative', width: 40, height: 40, display: 'grid', placeItems: 'center', color: fg }}
        >
          <Icon name="cart" />
          <span
            style={{
              position: 'absolute',
              top: 4,
              right: 2,
              minWidth: 16,
              height: 16,
              borderRadius: 8,
              fontSize: 10,
              fontWeight: 700,
              display: 'grid',
              placeItems: 'center',
              background: cssColour(creation.colors.accent),
              color: cssColour(creation.colors.buttonForeground),
            }}
          >
            {CONSTANTS.cartPreviewSize}
          </span>
        </Tap>
      </div>
    </header>
  );
}

export function SearchBar({ creation, compact = false }: { creation: Creation; compact?: boolean }) {
  const s = creation.searchBar;
  const input = s.inputDecoration;
  const theme = s.theme;
  const field: CSSProperties = {
    flex: 1,
    minWidth: 0,
    display: 'flex',
    alignItems: 'center',
    gap: 6,
    padding: compact ? '6px 10px' : '10px 12px',
    background: cssColour(input.background),
    ...textCss(input.font),
  };
  if (theme === 'theme_a') Object.assign(field, { border: borderCss(input.border), borderRadius: radiusCss(input.border.radius) });
  if (theme === 'theme_b')
    Object.assign(field, { background: 'transparent', borderBottom: `2px solid ${cssColour(creation.colors.primary)}`, borderRadius: 0 });
  if (theme === 'theme_c') Object.assign(field, { borderRadius: 999, boxShadow: '0 2px 8px rgba(17,24,39,.12)' });
  if (theme === 'theme_d') Object.assign(field, { border: borderCss(input.border), borderRadius: '8px 0 0 8px', borderRight: 'none' });
  const button: CSSProperties = { ...boxCss(s.button), padding: compact ? '6px 10px' : '10px 14px', fontWeight: 600 };
  if (theme === 'theme_c') Object.assign(button, { borderRadius: 999, marginLeft: -44, zIndex: 1, padding: '6px 12px' });
  if (theme === 'theme_d') Object.assign(button, { borderRadius: '0 8px 8px 0' });
  return (
    <div role="search" style={{ display: 'flex', alignItems: 'center', gap: theme === 'theme_d' || theme === 'theme_c' ? 0 : 8 }}>
      <div style={field}>
        <Icon name="search" size={18} />
        <span>search</span>
      </div>
      <span style={button}>Search</span>
    </div>
  );
}
