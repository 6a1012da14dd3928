/**
 * The phone screen: a pure function of (Creation, sample data, selections) that draws the shop
 * app the merchant is designing, page by page and theme by theme (spec section 2, "Phone
 * preview"). Taps come back as actions (model.ts reducePreview); it keeps no state of its own
 * and knows nothing of the editor.
 */
import { memo, useMemo, type CSSProperties, type ReactNode } from 'react';
import { cssColour, withOpacity } from '@contract/colour';
import { CONSTANTS } from '@contract/constants';
import type { Creation } from '@contract/design/schemas';
import type { ProductCategory } from '@contract/catalog/schemas';
import { Icon } from '../icons';
import {
  BOTTOM_NAV,
  SIDE_MENU,
  ORDER_STATUS_COLOURS,
  type PreviewAction,
  type SampleData,
  type Selections,
  averageStars,
  bottomNavKeyFor,
  cartItems,
  cartText,
  categoryColumns,
  elevationCss,
  fontStack,
  formatPrice,
  gradientCss,
  headerFor,
  homeCategoryItems,
  homeCategoryTitle,
  itemShadowCss,
  measurementItems,
  productListItems,
  radiusCss,
  borderCss,
  sampleOrders,
  selectExclusive,
  shopNameInToolbar,
  sideMenuColumns,
  sizeOptions,
  struckPrice,
} from '../model';
import { IconTap, Picture, PrimaryButton, Section, Stars, Tap, boxCss, reset, textCss } from './parts';
import { LoginScreen } from './LoginScreen';
import { MeasurementList } from './MeasurementList';
import { SplashScreen } from './SplashScreen';

export interface PhoneScreenProps {
  creation: Creation;
  sample: SampleData;
  selections: Selections;
  dispatch: (action: PreviewAction) => void;
}

type Props = PhoneScreenProps;

export function PhoneScreen(props: Props) {
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

function Page(props: Props) {
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

// ------------------------------------------------------------------ toolbar and search

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

function Toolbar({ creation, selections, dispatch, back, menu }: Props & { back: boolean; menu: boolean }) {
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
          <IconTap icon="menu" label="Menu" color={cssColour(creation.sideNavIcon.color)} size={creation.sideNavIcon.size} onClick={() => dispatch({ type: 'menu', open: true })} />
        )}
        {!back && !menu && <span style={{ width: 8 }} />}
        {searchInToolbar ? (
          <div style={{ flex: 1 }}>
            <SearchBar creation={creation} compact />
          </div>
        ) : (
          <h2 style={{ flex: 1, margin: 0, fontSize: 18, fontWeight: 600, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', textAlign: 'left' }}>{title}</h2>
        )}
        <Tap label="Cart" onClick={() => dispatch({ type: 'go', screen: 'cart' })} style={{ position: 'relative', width: 40, height: 40, display: 'grid', placeItems: 'center', color: fg }}>
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

function SearchBar({ creation, compact = false }: { creation: Creation; compact?: boolean }) {
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
  if (theme === 'theme_b') Object.assign(field, { background: 'transparent', borderBottom: `2px solid ${cssColour(creation.colors.primary)}`, borderRadius: 0 });
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

// ------------------------------------------------------------------ home

function HomePage(props: Props) {
  const { creation, sample, selections, dispatch } = props;
  // The same 30 items (and so the same memoised cards) for as long as the sample stays.
  const items = useMemo(() => measurementItems(sample.products), [sample.products]);
  const slides = sample.slides;
  const slide = slides.length > 0 ? slides[selections.slide % slides.length] : undefined;
  const searchBelow = creation.searchBar.position === 'below-slide-show';
  return (
    <div style={{ paddingBottom: 90 }}>
      {slide && (
        // The slides' own proportions (960 x 400): a narrower phone shows the whole slide smaller,
        // never a slide cut at its sides (its text is part of the picture).
        <div style={{ position: 'relative', aspectRatio: '12 / 5', margin: 12, borderRadius: 16, overflow: 'hidden', boxShadow: '0 4px 14px rgba(17,24,39,.16)' }} aria-roledescription="slideshow">
          {slide.image ? <Picture src={slide.image} alt={slide.title} /> : <span style={{ display: 'block', height: '100%', background: gradientCss(creation.toolBar.gradient) }} />}
          {!slide.image && (
            // A locally made slide (spec section 8) has no picture: its title is drawn instead.
            <div style={{ position: 'absolute', inset: 0, color: '#fff', padding: 16, display: 'flex', flexDirection: 'column', justifyContent: 'flex-end', textAlign: 'left' }}>
              <strong style={{ fontSize: 19, lineHeight: 1.15 }}>{slide.title}</strong>
              <span style={{ fontSize: 12, opacity: 0.9, marginTop: 4 }}>{slide.subtitle}</span>
            </div>
          )}
          <SlidePosition index={selections.slide % slides.length} slides={slides} />
        </div>
      )}
      {searchBelow && (
        <div style={{ margin: '0 12px 12px' }}>
          <SearchBar creation={creation} />
        </div>
      )}
      {creation.homeCategories.isShow && <HomeCategories h={creation.homeCategories} categories={sample.categories} dispatch={dispatch} />}
      <h3 style={{ margin: '6px 14px 10px', fontSize: 16, textAlign: 'left' }}>Popular now</h3>
      <MeasurementList m={creation.measurementItem} template={creation.appTemplate.theme} symbol={creation.shop.currencySymbol} products={items} dispatch={dispatch} />
    </div>
  );
}

/** Up to MAX_SLIDE_DOTS slides: a dot each; more: '3 / 12' (a row of dots would cross the slide). */
const MAX_SLIDE_DOTS = 6;

function SlidePosition({ index, slides }: { index: number; slides: SampleData['slides'] }) {
  if (slides.length < 2) return null;
  if (slides.length > MAX_SLIDE_DOTS) {
    return (
      <span style={{ position: 'absolute', bottom: 8, right: 12, padding: '0 8px', borderRadius: 10, background: 'rgba(0,0,0,.45)', color: '#fff', fontSize: 11, lineHeight: '18px' }}>
        {index + 1} / {slides.length}
      </span>
    );
  }
  return (
    <div style={{ position: 'absolute', bottom: 8, right: 12, display: 'flex', gap: 4 }}>
      {slides.map((slide, i) => (
        <span key={slide.id} style={{ width: i === index ? 14 : 6, height: 6, borderRadius: 3, background: i === index ? '#fff' : 'rgba(255,255,255,.55)' }} />
      ))}
    </div>
  );
}

const HomeCategories = memo(function HomeCategories({ h, categories, dispatch }: { h: Creation['homeCategories']; categories: ProductCategory[]; dispatch: Props['dispatch'] }) {
  const theme = h.theme;
  const items = homeCategoryItems(categories);
  const highlight = cssColour(h.itemHighlight);
  const grid = theme === 'theme_c' || theme === 'theme_f';
  return (
    <div
      style={{
        background: cssColour(h.backgroundColor),
        padding: `${h.spacing}px 12px`,
        margin: '0 0 12px',
        display: grid ? 'grid' : 'flex',
        gridTemplateColumns: theme === 'theme_c' ? 'repeat(3, 1fr)' : 'repeat(2, 1fr)',
        gap: h.spacing,
        overflowX: grid ? 'hidden' : 'auto',
      }}
    >
      {items.map((category, i) => {
        const title = homeCategoryTitle(theme, category.name);
        const open = () => dispatch({ type: 'category', id: category.id });
        const font = textCss(h.font);
        switch (theme) {
          case 'theme_b': // round icons with the title underneath
            return (
              <Tap key={category.id} onClick={open} style={{ flex: 'none', width: 66, textAlign: 'center', ...font }}>
                <span style={{ display: 'block', width: 58, height: 58, margin: '0 auto 6px', borderRadius: 29, overflow: 'hidden', border: `2px solid ${i === 0 ? highlight : 'transparent'}`, padding: 2, background: '#fff' }}>
                  <Picture src={category.icon} alt="" style={{ borderRadius: 27 }} />
                </span>
                {title}
              </Tap>
            );
          case 'theme_c': // tiles of three
            return (
              <Tap key={category.id} onClick={open} style={{ border: borderCss(h.border), borderRadius: radiusCss(h.border.radius), overflow: 'hidden', background: '#fff', ...font }}>
                <span style={{ display: 'block', height: 58 }}>
                  <Picture src={category.imageList[0] ?? category.icon} alt="" />
                </span>
                <span style={{ display: 'block', padding: 6, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{title}</span>
              </Tap>
            );
          case 'theme_d': // pills
            return (
              <Tap key={category.id} onClick={open} style={{ flex: 'none', padding: '8px 14px', borderRadius: 999, background: i === 0 ? highlight : '#fff', border: borderCss(h.border), ...font }}>
                {title}
              </Tap>
            );
          case 'theme_e': // wide picture cards with the title over them
            return (
              <Tap key={category.id} onClick={open} style={{ flex: 'none', width: 150, height: 84, position: 'relative', borderRadius: radiusCss(h.border.radius), overflow: 'hidden' }}>
                <Picture src={category.imageList[0] ?? category.icon} alt="" />
                <span style={{ position: 'absolute', inset: 'auto 0 0 0', padding: '18px 8px 6px', background: 'linear-gradient(transparent, rgba(0,0,0,.65))', color: '#fff', fontSize: h.font.size, textAlign: 'left' }}>{title}</span>
              </Tap>
            );
          case 'theme_f': // two-column list rows
            return (
              <Tap key={category.id} onClick={open} style={{ display: 'flex', alignItems: 'center', gap: 8, padding: 6, border: borderCss(h.border), borderRadius: radiusCss(h.border.radius), background: i === 0 ? highlight : '#fff', textAlign: 'left', ...font }}>
                <span style={{ width: 34, height: 34, flex: 'none', borderRadius: 8, overflow: 'hidden' }}>
                  <Picture src={category.icon} alt="" />
                </span>
                <span style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{title}</span>
              </Tap>
            );
          default: // theme_a: outlined chips with icons
            return (
              <Tap key={category.id} onClick={open} style={{ flex: 'none', display: 'flex', alignItems: 'center', gap: 6, padding: '6px 12px 6px 6px', border: borderCss(h.border), borderRadius: radiusCss(h.border.radius), background: i === 0 ? highlight : '#fff', ...font }}>
                <span style={{ width: 28, height: 28, borderRadius: 14, overflow: 'hidden' }}>
                  <Picture src={category.icon} alt="" />
                </span>
                {title}
              </Tap>
            );
        }
      })}
    </div>
  );
});

// ------------------------------------------------------------------ categories and products

function CategoriesPage({ creation, sample, dispatch }: Props) {
  const k = creation.categories;
  const columns = categoryColumns(k.theme);
  return (
    <div style={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, 1fr)`, gap: k.spacing, padding: 12, paddingBottom: 90 }}>
      {sample.categories.map((category) => (
        <Tap
          key={category.id}
          onClick={() => dispatch({ type: 'category', id: category.id })}
          style={{ position: 'relative', height: columns === 1 ? 110 : 130, borderRadius: k.item.borderRadius, overflow: 'hidden', background: cssColour(k.item.color), boxShadow: '0 2px 8px rgba(17,24,39,.12)' }}
        >
          {k.theme === 'theme_c' ? (
            <span style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
              <span style={{ flex: 1, minHeight: 0 }}>
                <Picture src={category.imageList[0] ?? category.icon} alt="" />
              </span>
              <span style={{ padding: 8, fontWeight: 600, color: cssColour(creation.colors.bodyColor), textAlign: 'center' }}>{category.name}</span>
            </span>
          ) : (
            <>
              <Picture src={category.imageList[0] ?? category.icon} alt="" />
              <span style={{ position: 'absolute', inset: 0, background: cssColour(k.overlayColor), display: 'grid', placeItems: 'center', padding: 8 }}>
                <span style={{ color: cssColour(k.item.fontColor), fontWeight: 700, fontSize: columns === 1 ? 20 : 15, letterSpacing: 0.3 }}>{category.name}</span>
              </span>
            </>
          )}
        </Tap>
      ))}
    </div>
  );
}

function ProductList({ creation, sample, selections, dispatch }: Props) {
  const m = creation.measurementItem;
  const symbol = creation.shop.currencySymbol;
  const category = sample.categories.find((item) => item.id === selections.categoryId);
  return (
    <div style={{ padding: 12, paddingBottom: 90 }}>
      {category && <h3 style={{ margin: '0 2px 10px', fontSize: 16, textAlign: 'left' }}>{category.name}</h3>}
      <div style={{ display: 'flex', flexDirection: 'column', gap: m.itemSpacing }}>
        {productListItems(sample.products, selections.categoryId).map((p, i) => (
          <Tap
            key={`${p.id}-${i}`}
            onClick={() => dispatch({ type: 'product', id: p.id })}
            style={{ display: 'flex', gap: 12, padding: 10, alignItems: 'center', background: '#fff', borderRadius: radiusCss(m.borderRadius, m.isAlternateCorners, i), boxShadow: itemShadowCss(m.boxShadowSpread, m.boxShadowColor), textAlign: 'left' }}
          >
            <span style={{ width: 64, height: 64, flex: 'none', borderRadius: 10, overflow: 'hidden' }}>
              <Picture src={p.image} alt="" />
            </span>
            <span style={{ flex: 1, minWidth: 0 }}>
              <span style={{ display: 'block', ...textCss(m.title), fontWeight: 600 }}>{cartText(p.name)}</span>
              <span style={{ display: 'block', ...textCss(m.description) }}>{cartText(p.short_description)}</span>
              <strong style={{ color: cssColour(m.priceFontColor) }}>{formatPrice(symbol, p.price)}</strong>
            </span>
            <Icon name="chevron" color="#9AA0B4" />
          </Tap>
        ))}
      </div>
    </div>
  );
}

function ProductDetails({ creation, sample, selections, dispatch }: Props) {
  const product = sample.products.find((p) => p.id === selections.productId) ?? sample.products[0];
  if (!product) return <p style={{ padding: 16 }}>No products yet.</p>;
  const c = creation.colors;
  const symbol = creation.shop.currencySymbol;
  const rating = averageStars(product.reviews);
  const sizes = sizeOptions(product.sizes, selections.size);
  const q = creation.quantitySelection;
  const details = (
    <div>
      <p style={{ margin: '0 0 12px', color: cssColour(creation.measurementItem.secondaryFontColor) }}>{product.description}</p>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        {creation.sizesSelection.theme === 'theme_a' ? (
          <label style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            Size
            <select value={sizes.find((s) => s.isSelected)?.name} onChange={(event) => dispatch({ type: 'size', name: event.target.value })} style={{ ...boxCss(creation.sizesSelection.unselected), padding: '6px 10px' }}>
              {sizes.map((size) => (
                <option key={size.id}>{size.name}</option>
              ))}
            </select>
          </label>
        ) : (
          <div role="group" aria-label="Size" style={{ display: 'flex', gap: 6 }}>
            {sizes.map((size) => (
              <Tap
                key={size.id}
                pressed={size.isSelected}
                onClick={() => dispatch({ type: 'size', name: size.name })}
                style={{ ...boxCss(size.isSelected ? creation.sizesSelection.selected : creation.sizesSelection.unselected), minWidth: 38, padding: '6px 10px', fontWeight: 600 }}
              >
                {size.name}
              </Tap>
            ))}
          </div>
        )}
        <div role="group" aria-label="Quantity" style={{ ...boxCss(q.wrapper), display: 'flex', alignItems: 'center', gap: 4, padding: 3, marginLeft: 'auto' }}>
          <Tap label="Decrease quantity" onClick={() => dispatch({ type: 'quantity', delta: -1 })} style={{ ...boxCss(q.decrement), width: 30, height: 30, display: 'grid', placeItems: 'center' }}>
            <Icon name="remove" size={16} />
          </Tap>
          <span aria-live="polite" style={{ ...boxCss(q.value), minWidth: 26, textAlign: 'center', fontWeight: 700 }}>
            {selections.quantity}
          </span>
          <Tap label="Increase quantity" onClick={() => dispatch({ type: 'quantity', delta: 1 })} style={{ ...boxCss(q.increment), width: 30, height: 30, display: 'grid', placeItems: 'center' }}>
            <Icon name="add" size={16} />
          </Tap>
        </div>
      </div>
    </div>
  );
  const reviews = (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 10 }}>
      {product.reviews.map((review) => (
        <div key={review.id} style={{ borderBottom: '1px solid #EEF0F5', paddingBottom: 8 }}>
          <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
            <strong>{review.person}</strong>
            <span style={{ fontSize: 11, color: '#6B7085' }}>{review.date}</span>
          </div>
          <Stars value={review.stars} size={12} />
          <p style={{ margin: '4px 0 0', fontSize: 13 }}>{review.description}</p>
        </div>
      ))}
    </div>
  );
  const bodyTheme = creation.productDetailsBody.theme;
  const tab = (key: 'pd' | 'rv', label: string) => (
    <Tap
      key={key}
      pressed={selections.detailsTab === key}
      onClick={() => dispatch({ type: 'tab', tab: key })}
      style={{ flex: 1, padding: '10px 0', fontWeight: 600, borderBottom: `3px solid ${selections.detailsTab === key ? cssColour(c.primary) : 'transparent'}`, color: selections.detailsTab === key ? cssColour(c.primary) : '#6B7085' }}
    >
      {label}
    </Tap>
  );
  const panel = (key: 'pd' | 'rv', label: string, body: ReactNode) => (
    <div key={key} style={{ borderBottom: '1px solid #EEF0F5' }}>
      <Tap onClick={() => dispatch({ type: 'accordion', panel: key })} style={{ width: '100%', display: 'flex', justifyContent: 'space-between', alignItems: 'center', padding: '12px 0', fontWeight: 600 }} pressed={selections.accordion === key}>
        {label}
        <span style={{ transform: selections.accordion === key ? 'rotate(180deg)' : 'none', display: 'inline-flex' }}>
          <Icon name="expand" />
        </span>
      </Tap>
      {selections.accordion === key && <div style={{ paddingBottom: 12 }}>{body}</div>}
    </div>
  );
  return (
    <div style={{ paddingBottom: 24, textAlign: 'left' }}>
      <div style={{ height: 250, background: '#fff' }}>
        <Picture src={product.image} alt={product.name} />
      </div>
      <div style={{ background: cssColour(c.backgroundColor), borderRadius: '20px 20px 0 0', marginTop: -18, position: 'relative', padding: 16 }}>
        <h3 style={{ margin: 0, fontSize: 18 }}>{product.title}</h3>
        <div style={{ display: 'flex', alignItems: 'center', gap: 8, margin: '8px 0 14px' }}>
          <strong style={{ fontSize: 20, color: cssColour(creation.measurementItem.priceFontColor) }}>{formatPrice(symbol, product.price)}</strong>
          <s style={{ color: '#6B7085' }}>{formatPrice(symbol, struckPrice(product))}</s>
          <span style={{ marginLeft: 'auto', display: 'flex', alignItems: 'center', gap: 4 }}>
            <Stars value={rating} />
            <span style={{ fontSize: 12, color: '#6B7085' }}>({product.reviews.length})</span>
          </span>
        </div>
        {bodyTheme === 'theme_b' && (
          <>
            <div role="tablist" style={{ display: 'flex', borderBottom: '1px solid #EEF0F5', marginBottom: 12 }}>
              {tab('pd', 'Details')}
              {tab('rv', 'Reviews')}
            </div>
            {selections.detailsTab === 'pd' ? details : reviews}
          </>
        )}
        {bodyTheme === 'theme_c' && (
          <>
            {panel('pd', 'Details', details)}
            {panel('rv', 'Reviews', reviews)}
          </>
        )}
        {bodyTheme === 'theme_a' && (
          <>
            <h4 style={{ margin: '0 0 8px' }}>Details</h4>
            {details}
            <h4 style={{ margin: '18px 0 8px' }}>Reviews</h4>
            {reviews}
          </>
        )}
      </div>
    </div>
  );
}

/** The product-details call-to-action bar: Add to Cart, Go Back and the heart (themes a-c). */
function DetailsCta({ creation, selections, dispatch }: Props) {
  const cta = creation.productDetailsCTA;
  const heart = (
    <Tap label={selections.liked ? 'Remove from favourites' : 'Add to favourites'} pressed={selections.liked} onClick={() => dispatch({ type: 'like' })} style={{ ...boxCss(cta.secondary), width: 46, height: 46, display: 'grid', placeItems: 'center', borderRadius: cta.borderRadius }}>
      <Icon name={selections.liked ? 'heart' : 'heartOutline'} color={selections.liked ? '#E53935' : 'currentColor'} />
    </Tap>
  );
  const goBack = (
    <Tap onClick={() => dispatch({ type: 'back' })} style={{ ...boxCss(cta.secondary), flex: 1, height: 46, fontWeight: 600, borderRadius: cta.borderRadius }}>
      Go Back
    </Tap>
  );
  const add = (
    <Tap onClick={() => dispatch({ type: 'add-to-cart' })} style={{ ...boxCss(cta.primary), flex: 1.4, height: 46, fontWeight: 700, borderRadius: cta.borderRadius, display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 6 }}>
      <Icon name="bag" size={18} />
      Add to Cart
    </Tap>
  );
  const bar: CSSProperties = { flex: 'none', display: 'flex', gap: 8, padding: '10px 12px 14px', background: cssColour(cta.background), boxShadow: '0 -2px 10px rgba(17,24,39,.08)', zIndex: 1 };
  if (cta.theme === 'theme_b') {
    return (
      <div style={{ ...bar, flexDirection: 'column' }}>
        <div style={{ display: 'flex', gap: 8 }}>
          {add}
          {heart}
        </div>
        {goBack}
      </div>
    );
  }
  if (cta.theme === 'theme_c') {
    return (
      <div style={{ ...bar, margin: '0 12px 12px', borderRadius: cta.borderRadius + 12, boxShadow: '0 6px 20px rgba(17,24,39,.18)' }}>
        {heart}
        {goBack}
        {add}
      </div>
    );
  }
  return (
    <div style={bar}>
      {goBack}
      {add}
      {heart}
    </div>
  );
}

function AddToCartDialog({ creation, dispatch }: Props) {
  return (
    <div style={{ position: 'absolute', inset: 0, background: 'rgba(15,18,30,.5)', display: 'grid', placeItems: 'center', zIndex: 5, padding: 24 }}>
      <div role="dialog" aria-modal="true" aria-labelledby="preview-cart-dialog" style={{ background: '#fff', color: '#1F2233', borderRadius: 18, padding: 20, width: '100%', boxShadow: '0 12px 32px rgba(0,0,0,.25)', textAlign: 'left' }}>
        <div style={{ color: '#2E7D32', marginBottom: 8 }}>
          <Icon name="check" size={34} />
        </div>
        <h3 id="preview-cart-dialog" style={{ margin: '0 0 6px', fontSize: 17 }}>
          Product was added to cart.
        </h3>
        <p style={{ margin: '0 0 18px', color: '#5E6378' }}>Would you like to checkout now?.</p>
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
          <Tap onClick={() => dispatch({ type: 'dialog', checkout: false })} style={{ padding: '10px 16px', fontWeight: 600, color: '#5E6378' }}>
            No
          </Tap>
          <PrimaryButton creation={creation} label="Yes" onClick={() => dispatch({ type: 'dialog', checkout: true })} style={{ padding: '10px 22px' }} />
        </div>
      </div>
    </div>
  );
}

// ------------------------------------------------------------------ cart, checkout, orders

function CartPage({ creation, sample, dispatch }: Props) {
  const items = cartItems(sample.products);
  const symbol = creation.shop.currencySymbol;
  const total = items.reduce((sum, p) => sum + p.price * p.quantity, 0);
  const m = creation.measurementItem;
  return (
    <div style={{ padding: 12, textAlign: 'left' }}>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 10 }}>
        {items.map((p) => (
          <div key={p.id} style={{ display: 'flex', gap: 12, alignItems: 'center', background: '#fff', padding: 10, borderRadius: 14, boxShadow: '0 1px 4px rgba(17,24,39,.08)' }}>
            <span style={{ width: 62, height: 62, flex: 'none', borderRadius: 10, overflow: 'hidden' }}>
              <Picture src={p.image} alt="" />
            </span>
            <span style={{ flex: 1, minWidth: 0 }}>
              <span style={{ display: 'block', fontWeight: 600, color: cssColour(m.mainFontColor) }}>{cartText(p.name)}</span>
              <span style={{ display: 'block', fontSize: 12, color: cssColour(m.secondaryFontColor) }}>{cartText(p.short_description)}</span>
              <span style={{ display: 'flex', gap: 6, alignItems: 'baseline' }}>
                <strong style={{ color: cssColour(m.priceFontColor) }}>{formatPrice(symbol, p.price)}</strong>
                <s style={{ fontSize: 11, color: '#6B7085' }}>{formatPrice(symbol, struckPrice(p))}</s>
              </span>
            </span>
            <span style={{ fontSize: 12, color: '#6B7085' }}>x{p.quantity}</span>
          </div>
        ))}
      </div>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', margin: '16px 4px' }}>
        <span style={{ fontSize: 16 }}>Total</span>
        <strong style={{ fontSize: 20 }}>{formatPrice(symbol, total)}</strong>
      </div>
      <div style={{ display: 'flex', gap: 10 }}>
        <Tap onClick={() => dispatch({ type: 'go', screen: 'home-page' })} style={{ flex: 1, padding: 12, borderRadius: 12, border: `1.5px solid ${cssColour(creation.colors.primary)}`, color: cssColour(creation.colors.primary), fontWeight: 600, textAlign: 'center' }}>
          Keep Shopping
        </Tap>
        <PrimaryButton creation={creation} label="Checkout" onClick={() => dispatch({ type: 'go', screen: 'check-out' })} style={{ flex: 1 }} />
      </div>
    </div>
  );
}

function CheckoutPage({ creation, sample, dispatch }: Props) {
  const items = cartItems(sample.products);
  const symbol = creation.shop.currencySymbol;
  const subtotal = items.reduce((sum, p) => sum + p.price * p.quantity, 0);
  const primary = cssColour(creation.colors.primary);
  const row = (label: string, value: string, strong = false) => (
    <div style={{ display: 'flex', justifyContent: 'space-between', padding: '3px 0', fontWeight: strong ? 700 : 400 }}>
      <span>{label}</span>
      <span>{value}</span>
    </div>
  );
  const option = (icon: 'shipping' | 'store' | 'payment' | 'phone', label: string, detail: string, selected: boolean) => (
    <div style={{ display: 'flex', alignItems: 'center', gap: 10, padding: 10, borderRadius: 12, border: `1.5px solid ${selected ? primary : '#E2E4EE'}`, marginBottom: 8, background: selected ? withOpacity(creation.colors.primary, 0.06) : '#fff' }}>
      <Icon name={icon} color={selected ? primary : '#6B7085'} />
      <span style={{ flex: 1 }}>
        <strong style={{ display: 'block', fontSize: 13 }}>{label}</strong>
        <span style={{ fontSize: 12, color: '#6B7085' }}>{detail}</span>
      </span>
      <span aria-hidden="true" style={{ width: 18, height: 18, borderRadius: 9, border: `2px solid ${selected ? primary : '#C5C9D6'}`, boxShadow: selected ? `inset 0 0 0 3px #fff, inset 0 0 0 9px ${primary}` : 'none' }} />
    </div>
  );
  return (
    <div style={{ padding: '12px 0', textAlign: 'left', color: '#1F2233' }}>
      <Section title="Deliver To" color={primary}>
        <div style={{ display: 'flex', gap: 10, alignItems: 'flex-start' }}>
          <Icon name="place" color={primary} />
          <span>
            <strong style={{ display: 'block' }}>Ada Obi</strong>
            <span style={{ fontSize: 13, color: '#5E6378' }}>14 Marina Road, Lagos · +234 801 234 5678</span>
          </span>
        </div>
      </Section>
      <Section title="Mode of Delivery" color={primary}>
        {option('shipping', 'Home delivery', 'Arrives in 2-3 days', true)}
        {option('store', 'Pick up in store', 'Ready tomorrow', false)}
      </Section>
      <Section title="Order Summary" color={primary}>
        {row(`${items.length} items`, formatPrice(symbol, subtotal))}
        {row('Delivery', formatPrice(symbol, 0))}
        {row('Total', formatPrice(symbol, subtotal), true)}
      </Section>
      <Section title="Payment Mode" color={primary}>
        {option('payment', 'Card', '•••• 4242', true)}
        {option('phone', 'Pay on delivery', 'Cash or transfer', false)}
      </Section>
      <div style={{ padding: '0 12px 16px' }}>
        <PrimaryButton creation={creation} label="Place Order" onClick={() => dispatch({ type: 'go', screen: 'order-history' })} style={{ width: '100%' }} />
      </div>
    </div>
  );
}

function OrderHistory({ creation, sample }: Props) {
  const symbol = creation.shop.currencySymbol;
  return (
    <div style={{ padding: 12, paddingBottom: 90, display: 'flex', flexDirection: 'column', gap: 10, textAlign: 'left' }}>
      {sampleOrders(sample.products).map((order) => {
        const colour = ORDER_STATUS_COLOURS[order.status];
        return (
          <div key={order.orderNo} style={{ background: '#fff', color: '#1F2233', borderRadius: 14, padding: 12, boxShadow: '0 1px 4px rgba(17,24,39,.08)', borderLeft: `4px solid ${colour}` }}>
            <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
              <strong>Order {order.orderNo}</strong>
              <span data-status={order.status} style={{ fontSize: 11, fontWeight: 700, padding: '3px 8px', borderRadius: 999, color: colour, background: `${colour}1F`, textTransform: 'capitalize' }}>
                {order.status.replace('-', ' ')}
              </span>
            </div>
            <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 6, fontSize: 13, color: '#5E6378' }}>
              <span>
                {order.userName} · {order.items} {order.items === 1 ? 'item' : 'items'}
              </span>
              <strong style={{ color: '#1F2233' }}>{formatPrice(symbol, order.amount)}</strong>
            </div>
          </div>
        );
      })}
    </div>
  );
}

// ------------------------------------------------------------------ chat and support

function ChatPage({ creation }: Props) {
  const balloon = cssColour(creation.colors.chatSenderBalloon);
  const balloonText = cssColour(creation.colors.toolBarForeground);
  const messages: Array<{ mine: boolean; text: string; at: string }> = [
    { mine: false, text: 'Hi! Welcome to customer care. How can we help you today?', at: '09:12' },
    { mine: true, text: 'Hello, I ordered the earbuds yesterday. When will they arrive?', at: '09:13' },
    { mine: false, text: 'Your order is in transit and should reach you tomorrow afternoon.', at: '09:14' },
    { mine: true, text: 'Great, thank you!', at: '09:14' },
  ];
  return (
    <div style={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
      <div style={{ flex: 1, padding: 12, display: 'flex', flexDirection: 'column', gap: 8 }}>
        {messages.map((message, i) => (
          <div key={i} style={{ alignSelf: message.mine ? 'flex-end' : 'flex-start', maxWidth: '78%', padding: '8px 12px', borderRadius: message.mine ? '16px 16px 4px 16px' : '16px 16px 16px 4px', background: message.mine ? balloon : '#fff', color: message.mine ? balloonText : '#1F2233', boxShadow: '0 1px 2px rgba(17,24,39,.08)', textAlign: 'left' }}>
            {message.text}
            <span style={{ display: 'block', fontSize: 10, opacity: 0.7, textAlign: 'right', marginTop: 2 }}>{message.at}</span>
          </div>
        ))}
      </div>
      <div style={{ position: 'sticky', bottom: 0, display: 'flex', alignItems: 'center', gap: 6, padding: 8, background: '#fff', borderTop: '1px solid #EEF0F5' }}>
        <Tap label="Attach" onClick={() => undefined} style={{ width: 36, height: 36, display: 'grid', placeItems: 'center', color: '#6B7085' }}>
          <Icon name="attach" />
        </Tap>
        <input aria-label="Message" placeholder="start typing" style={{ ...reset, flex: 1, minWidth: 0, cursor: 'text', padding: '10px 12px', borderRadius: 20, background: '#F3F4F8', color: '#1F2233' }} />
        <Tap label="Send" onClick={() => undefined} style={{ width: 40, height: 40, borderRadius: 20, display: 'grid', placeItems: 'center', background: balloon, color: balloonText }}>
          <Icon name="send" size={18} />
        </Tap>
      </div>
    </div>
  );
}

function SupportPage({ creation, dispatch }: Props) {
  const primary = cssColour(creation.colors.primary);
  const entries: Array<{ icon: 'chat' | 'email' | 'phone' | 'shipping' | 'payment'; title: string; detail: string; go?: true }> = [
    { icon: 'chat', title: 'Chat with us', detail: 'Replies in a few minutes', go: true },
    { icon: 'email', title: 'E-mail', detail: `help@${(creation.shop.alias || 'shop').toLowerCase()}.app` },
    { icon: 'phone', title: 'Call us', detail: 'Mon-Sat, 8:00-20:00' },
    { icon: 'shipping', title: 'Shipping & returns', detail: 'Free returns within 30 days' },
    { icon: 'payment', title: 'Payments & refunds', detail: 'Cards, transfers and wallets' },
  ];
  return (
    <div style={{ padding: 12, paddingBottom: 90, textAlign: 'left' }}>
      <div style={{ borderRadius: 16, padding: 16, marginBottom: 12, background: gradientCss(creation.toolBar.gradient), color: cssColour(creation.colors.toolBarForeground) }}>
        <strong style={{ fontSize: 17 }}>How can we help?</strong>
        <p style={{ margin: '4px 0 0', fontSize: 13, opacity: 0.9 }}>We are here for every question about your orders.</p>
      </div>
      <div style={{ background: '#fff', borderRadius: 14, overflow: 'hidden', color: '#1F2233' }}>
        {entries.map((entry, i) => (
          <Tap key={entry.title} onClick={() => entry.go && dispatch({ type: 'go', screen: 'customer-care' })} style={{ width: '100%', display: 'flex', alignItems: 'center', gap: 12, padding: 12, borderTop: i === 0 ? 'none' : '1px solid #EEF0F5', textAlign: 'left' }}>
            <span style={{ width: 36, height: 36, borderRadius: 10, display: 'grid', placeItems: 'center', background: withOpacity(creation.colors.primary, 0.1), color: primary }}>
              <Icon name={entry.icon} size={20} />
            </span>
            <span style={{ flex: 1 }}>
              <strong style={{ display: 'block', fontSize: 14 }}>{entry.title}</strong>
              <span style={{ fontSize: 12, color: '#6B7085' }}>{entry.detail}</span>
            </span>
            <Icon name="chevron" color="#9AA0B4" />
          </Tap>
        ))}
      </div>
    </div>
  );
}

// ------------------------------------------------------------------ side drawer and bottom bar

function Drawer({ creation, selections, dispatch }: Props) {
  const d = creation.sideNavigationDrawer;
  const theme = d.theme;
  const items = selectExclusive(SIDE_MENU, selections.screen);
  const columns = sideMenuColumns(theme);
  const ripples = Array.from({ length: d.ripple.count }, (_, i) => i);
  const rippleColour = withOpacity(d.ripple.color, d.ripple.opacity);
  return (
    <div style={{ position: 'absolute', inset: 0, zIndex: 4 }}>
      <Tap label="Close menu" onClick={() => dispatch({ type: 'menu', open: false })} style={{ position: 'absolute', inset: 0, background: 'rgba(15,18,30,.45)', width: '100%' }}>
        <span />
      </Tap>
      <nav aria-label="Side menu" style={{ position: 'absolute', top: 0, bottom: 0, left: 0, width: CONSTANTS.sideDrawerWidthPx, background: gradientCss(d.background), overflow: 'hidden', boxShadow: '4px 0 24px rgba(0,0,0,.2)', display: 'flex', flexDirection: 'column' }}>
        {ripples.map((i) =>
          theme === 'theme_a' ? (
            <span key={i} aria-hidden="true" style={{ position: 'absolute', left: '50%', bottom: -40 - i * d.ripple.spacing, width: 0, height: 0, marginLeft: -(120 + i * d.ripple.spacing), borderLeft: `${120 + i * d.ripple.spacing}px solid transparent`, borderRight: `${120 + i * d.ripple.spacing}px solid transparent`, borderBottom: `${200 + i * d.ripple.spacing * 2}px solid ${rippleColour}` }} />
          ) : theme === 'theme_b' ? (
            <span key={i} aria-hidden="true" style={{ position: 'absolute', right: -60 - i * d.ripple.spacing, [d.ripple.position === 'top' ? 'top' : 'bottom']: -60 - i * d.ripple.spacing, width: 160 + i * d.ripple.spacing * 2, height: 160 + i * d.ripple.spacing * 2, borderRadius: '50%', background: rippleColour }} />
          ) : null,
        )}
        <div style={{ background: gradientCss(d.header.background), padding: '44px 16px 16px', ...textCss(d.header.font), position: 'relative', textAlign: 'left' }}>
          <span style={{ width: 52, height: 52, borderRadius: 26, display: 'grid', placeItems: 'center', background: 'rgba(255,255,255,.2)', marginBottom: 8 }}>
            {creation.shop.logo ? <Picture src={creation.shop.logo} alt="" style={{ borderRadius: 26 }} /> : <Icon name="store" size={28} />}
          </span>
          <strong style={{ display: 'block' }}>{shopNameInToolbar(creation.shop.name)}</strong>
          <span style={{ fontSize: 12, opacity: 0.85 }}>{creation.shop.slogan}</span>
        </div>
        <div style={{ padding: 10, display: 'grid', gridTemplateColumns: `repeat(${columns}, 1fr)`, gap: columns === 2 ? 8 : 2, position: 'relative' }}>
          {items.map((item, i) => {
            const style = item.isSelected ? d.item.selected : d.item.unselected;
            return (
              <div key={item.key}>
                <Tap
                  pressed={item.isSelected}
                  onClick={() => dispatch({ type: 'go', screen: item.key as Selections['screen'] })}
                  style={{
                    width: '100%',
                    display: 'flex',
                    flexDirection: columns === 2 ? 'column' : 'row',
                    alignItems: 'center',
                    gap: columns === 2 ? 6 : 14,
                    padding: columns === 2 ? '14px 6px' : '11px 12px',
                    borderRadius: theme === 'theme_c' ? '0 10px 10px 0' : 12,
                    background: cssColour(style.background),
                    border: columns === 2 ? `1px solid ${cssColour(d.divider.color)}` : 'none',
                    borderLeft: theme === 'theme_c' ? `4px solid ${item.isSelected ? cssColour(creation.colors.primary) : 'transparent'}` : undefined,
                    ...textCss(style.font),
                    fontWeight: item.isSelected ? 700 : 500,
                    textAlign: columns === 2 ? 'center' : 'left',
                  }}
                >
                  <Icon name={item.icon} size={columns === 2 ? 26 : 20} />
                  {item.title}
                </Tap>
                {d.divider.isShow && columns === 1 && i < items.length - 1 && <hr style={{ border: 'none', borderTop: `1px solid ${cssColour(d.divider.color)}`, margin: '2px 8px' }} />}
              </div>
            );
          })}
        </div>
      </nav>
    </div>
  );
}

function BottomNav({ creation, selections, dispatch }: Props) {
  const b = creation.bottomNavBar;
  const items = selectExclusive(BOTTOM_NAV, bottomNavKeyFor(selections.screen));
  const floating = b.theme === 'theme_b';
  return (
    <nav
      aria-label="Bottom navigation"
      style={{
        flex: 'none',
        display: 'flex',
        background: cssColour(b.background),
        margin: floating ? '0 12px 12px' : 0,
        borderRadius: floating ? b.bevel : b.theme === 'theme_c' ? `${b.bevel}px ${b.bevel}px 0 0` : 0,
        boxShadow: floating ? '0 6px 20px rgba(17,24,39,.18)' : '0 -1px 6px rgba(17,24,39,.08)',
        padding: '6px 6px 10px',
        zIndex: 1,
      }}
    >
      {items.map((item) => {
        const colour = cssColour(item.isSelected ? b.selectedColor : b.unSelectedColor);
        const label = item.isSelected || b.showUnselectedLabels;
        const font = textCss(item.isSelected ? b.selected : b.unselected);
        return (
          <Tap key={item.key} pressed={item.isSelected} label={item.title} onClick={() => dispatch({ type: 'bottom-nav', key: item.key })} style={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, padding: '4px 0', color: colour }}>
            <span
              style={{
                display: 'grid',
                placeItems: 'center',
                width: 52,
                height: 28,
                borderRadius: 14,
                background: b.theme === 'theme_c' && item.isSelected ? withOpacity(b.selectedColor, 0.14) : 'transparent',
              }}
            >
              <Icon name={item.icon} size={22} />
            </span>
            {label && <span style={{ ...font, color: colour, fontWeight: item.isSelected ? 700 : 500 }}>{item.title}</span>}
          </Tap>
        );
      })}
    </nav>
  );
}
