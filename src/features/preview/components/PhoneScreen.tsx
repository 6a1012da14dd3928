/**
 * The phone screen: a pure function of (Creation, sample data, selections) that draws the shop
 * app the merchant is designing, page by page and theme by theme (spec section 2, "Phone
 * preview"). Taps come back as actions (phone-state.ts reducePreview); it keeps no state of its own
 * and knows nothing of the editor.
 *
 * This file is the frame (toolbar, the page, the customer-care button, bottom bar, drawer, the
 * add-to-cart dialog); each page is a file of pages/.
 */
import type { CSSProperties } from 'react';
import { cssColour } from '@contract/colour';
import { Icon } from '../icons';
import { headerFor } from '../navigation';
import { elevationCss, fontStack } from '../styles';
import { Tap } from './parts';
import { LoginScreen } from './LoginScreen';
import { SplashScreen } from './SplashScreen';
import type { PhoneScreenProps } from './phone-screen-props';
import { Toolbar } from './PhoneToolbar';
import { Drawer } from './PhoneDrawer';
import { BottomNav } from './PhoneBottomNav';
import { HomePage } from './pages/HomePage';
import { CategoriesPage } from './pages/CategoriesPage';
import { ProductList } from './pages/ProductListPage';
import { AddToCartDialog, DetailsCta, ProductDetails } from './pages/ProductDetailsPage';
import { CartPage } from './pages/CartPage';
import { CheckoutPage } from './pages/CheckoutPage';
import { OrderHistory } from './pages/OrderHistoryPage';
import { ChatPage } from './pages/ChatPage';
import { SupportPage } from './pages/SupportPage';

export function PhoneScreen(props: PhoneScreenProps) {
  const { creation, selections } = props;
  const c = creation.colors;
  const base: CSSProperties = {
    position: 'relative',
    width: '100%',
    height: '100%',
    overflow: 'hidden',
    display: 'flex',
    flexDirection: 'column',
    background: cssColour(c.backgroundColor),
    color: cssColour(c.bodyColor),
    fontFamily: fontStack(creation.bodyConfig.fontFamily),
    fontSize: 14,
    textAlign: creation.bodyConfig.textAlign,
    lineHeight: 1.35,
  };
  if (selections.screen === 'splash') {
    return (
      <div style={base} data-screen="splash">
        <SplashScreen creation={creation} />
      </div>
    );
  }
  if (selections.screen === 'login') {
    return (
      <div style={base} data-screen="login">
        <LoginScreen creation={creation} home={<HomePage {...props} />} />
      </div>
    );
  }
  const page = selections.screen;
  const header = headerFor(page, creation.appTemplate.hasSideNavBar);
  const showBottomNav = creation.bottomNavBar.isShow && page !== 'product-details';
  return (
    <div style={base} data-screen={page}>
      <Toolbar {...props} back={header.back} menu={header.menu} />
      <main style={{ flex: 1, overflowY: 'auto', overflowX: 'hidden', position: 'relative' }}>
        {/* The home page stays mounted, hidden, like a tab of a real app: coming back to its 30
            items costs no new render (issue #9: at most 8 ms per page switch). */}
        <div hidden={page !== 'home-page'}>
          <HomePage {...props} />
        </div>
        {page !== 'home-page' && (
          <div data-page={page} style={{ minHeight: '100%' }}>
            <Page {...props} />
          </div>
        )}
      </main>
      {page === 'product-details' && <DetailsCta {...props} />}
      {showBottomNav && <BottomNav {...props} />}
      {header.fab && (
        <Tap
          label="Customer care"
          onClick={() => props.dispatch({ type: 'go', screen: 'customer-care' })}
          style={{
            position: 'absolute',
            right: 16,
            bottom: showBottomNav ? 84 : 20,
            width: 54,
            height: 54,
            borderRadius: 27,
            display: 'grid',
            placeItems: 'center',
            background: cssColour(c.accent),
            color: cssColour(c.buttonForeground),
            boxShadow: elevationCss(6),
          }}
        >
          <Icon name="chat" size={24} />
        </Tap>
      )}
      {creation.appTemplate.hasSideNavBar && selections.drawerOpen && <Drawer {...props} />}
      {selections.addedToCart && <AddToCartDialog {...props} />}
    </div>
  );
}

function Page(props: PhoneScreenProps) {
  switch (props.selections.screen) {
    case 'categories-page':
      return <CategoriesPage {...props} />;
    case 'order-history':
      return <OrderHistory {...props} />;
    case 'cart':
      return <CartPage {...props} />;
    case 'customer-care':
      return <ChatPage {...props} />;
    case 'support':
      return <SupportPage {...props} />;
    case 'product-details':
      return <ProductDetails {...props} />;
    case 'product-list':
      return <ProductList {...props} />;
    case 'check-out':
      return <CheckoutPage {...props} />;
    default:
      return null;
  }
}
