/**
 * The native project's source files that do not depend on the design (issue 31): the screens, the
 * in-memory store, the fonts and the shared parts. They read the design only through src/theme.ts,
 * src/shop.ts and src/catalogue.ts, which native-project.ts writes from the Creation. Kept as text
 * (they are React Native code, not compiled here); the unit test transpiles every one of them.
 */

/** Files by their path inside the project. */
export const NATIVE_STATIC_SOURCES: ReadonlyArray<readonly [path: string, text: string]> = [
  [
    'index.ts',
    `import { registerRootComponent } from 'expo';

import App from './App';

// registerRootComponent calls AppRegistry.registerComponent('main', () => App) and sets the
// environment up the same way in Expo Go and in a native build.
registerRootComponent(App);
`,
  ],
  [
    'App.tsx',
    `/**
 * The shop app: the native splash stays until the fonts are loaded, then the design's splash
 * shows for a moment, then the shop. Screens: home, categories, a category's products, product
 * details, cart, checkout and order history (README.md says what is sample data).
 */
import { useEffect, useState } from 'react';
import { View } from 'react-native';
import * as SplashScreen from 'expo-splash-screen';
import { StatusBar } from 'expo-status-bar';
import { SafeAreaProvider } from 'react-native-safe-area-context';
import { BrandSplash } from './src/BrandSplash';
import { useAppFonts } from './src/fonts';
import { StoreProvider, useStore } from './src/store';
import { theme } from './src/theme';
import { BottomNav, Drawer, SearchBar, Toolbar } from './src/ui';
import { CartScreen } from './src/screens/CartScreen';
import { CategoriesScreen } from './src/screens/CategoriesScreen';
import { CheckoutScreen } from './src/screens/CheckoutScreen';
import { HomeScreen } from './src/screens/HomeScreen';
import { OrderHistoryScreen } from './src/screens/OrderHistoryScreen';
import { ProductDetailsScreen } from './src/screens/ProductDetailsScreen';
import { ProductListScreen } from './src/screens/ProductListScreen';

/** How long the design's splash shows after the native one. */
const BRAND_SPLASH_MS = 1200;

void SplashScreen.preventAutoHideAsync();

export default function App() {
  const [fontsLoaded, fontError] = useAppFonts();
  const ready = fontsLoaded || fontError !== null;
  const [splashDone, setSplashDone] = useState(false);
  useEffect(() => {
    if (!ready) return undefined;
    void SplashScreen.hideAsync();
    const timer = setTimeout(() => setSplashDone(true), BRAND_SPLASH_MS);
    return () => clearTimeout(timer);
  }, [ready]);
  if (!ready) return null;
  return (
    <SafeAreaProvider>
      <StatusBar style={isLight(theme.colors.toolBarForeground) ? 'light' : 'dark'} />
      {splashDone ? (
        <StoreProvider>
          <Shell />
        </StoreProvider>
      ) : (
        <BrandSplash />
      )}
    </SafeAreaProvider>
  );
}

/** Light status bar text when the toolbar's text is light. */
function isLight(colour: string): boolean {
  const hex = /^#([0-9a-f]{6})/i.exec(colour);
  if (!hex) return colour.startsWith('rgba(255');
  const n = parseInt(hex[1] ?? '000000', 16);
  return ((n >> 16) & 255) * 0.299 + ((n >> 8) & 255) * 0.587 + (n & 255) * 0.114 > 150;
}

function Shell() {
  const { route } = useStore();
  const [menuOpen, setMenuOpen] = useState(false);
  const [query, setQuery] = useState('');
  const searchInToolbar = route.name === 'home' && theme.searchBar.position === 'in-toolbar';
  const showBottomNav = theme.bottomNav.isShow && route.name !== 'product';
  return (
    <View style={{ flex: 1, backgroundColor: theme.colors.backgroundColor }}>
      <Toolbar
        onMenu={() => setMenuOpen(true)}
        search={
          searchInToolbar ? (
            <View style={{ flex: 1 }}>
              <SearchBar value={query} onChange={setQuery} compact />
            </View>
          ) : undefined
        }
      />
      <View style={{ flex: 1 }}>
        {route.name === 'home' && <HomeScreen query={query} onQuery={setQuery} />}
        {route.name === 'categories' && <CategoriesScreen />}
        {route.name === 'products' && <ProductListScreen categoryId={route.categoryId} />}
        {route.name === 'product' && <ProductDetailsScreen productId={route.productId} />}
        {route.name === 'cart' && <CartScreen />}
        {route.name === 'checkout' && <CheckoutScreen />}
        {route.name === 'orders' && <OrderHistoryScreen />}
      </View>
      {showBottomNav && <BottomNav />}
      {theme.hasSideNavBar && <Drawer visible={menuOpen} onClose={() => setMenuOpen(false)} />}
    </View>
  );
}
`,
  ],
  [
    'src/types.ts',
    `/**
 * The shapes of the design (theme.ts), the shop (shop.ts) and the sample catalogue (catalogue.ts).
 * Those three files are written by the portal from the shop's design; the screens read only them.
 */
import type { ColorValue } from 'react-native';

export type Direction = 'left-to-right' | 'top-to-bottom' | 'top-to-bottom-diagonal' | 'bottom-to-top-diagonal';
export type TextAlign = 'left' | 'center' | 'right' | 'justify';

export interface Gradient {
  colors: readonly [ColorValue, ColorValue];
  /** 0 to 1: where the second colour takes over (1: an even blend). */
  spread: number;
  direction: Direction;
}

export interface Corners {
  topLeft: number;
  topRight: number;
  bottomLeft: number;
  bottomRight: number;
}

export interface Font {
  size: number;
  color: string;
  fontFamily: string;
}

export interface Border {
  type: 'outlined' | 'none';
  width: number;
  color: string;
  radius: Corners;
}

/** A styled box: background, border and font (quantity and size selectors, CTA buttons, search button). */
export interface Box {
  background: string;
  border: Border;
  font: Font;
}

export interface Theme {
  template: 'template_a' | 'template_b' | 'template_c';
  hasSideNavBar: boolean;
  colors: {
    primary: string;
    primaryLight: string;
    primaryDark: string;
    accent: string;
    accentDark: string;
    accentLight: string;
    toolBarForeground: string;
    bodyColor: string;
    backgroundColor: string;
    buttonForeground: string;
  };
  /** Colours the design does not set: cards, muted text, dividers, stars, order statuses, overlays. */
  fixed: {
    surface: string;
    /** Text on \`surface\`. */
    onSurface: string;
    muted: string;
    divider: string;
    star: string;
    scrim: string;
    success: string;
    danger: string;
    status: { created: string; processing: string; inTransit: string; arrived: string; delivered: string };
  };
  body: { fontFamily: string; textAlign: TextAlign };
  toolBar: { gradient: Gradient; elevation: number };
  buttons: { gradient: Gradient; elevation: number; font: Font; radius: Corners };
  splash: {
    background: { type: 'image' | 'gradient' | 'color'; color: string; gradient: Gradient; /** Absolute URL (type image), may be empty. */ image: string };
    pane: { color: string; spread: number; position: 'top' | 'center' | 'bottom' };
    showLogo: boolean;
    showLabel: boolean;
    showSlogan: boolean;
    appName: string;
    appSlogan: string;
    font: Font;
    logo: { width: number; height: number; borderRadius: number };
  };
  sideNav: {
    iconColor: string;
    iconSize: number;
    header: { gradient: Gradient; font: Font };
    divider: { isShow: boolean; color: string };
    selected: { background: string; font: Font };
    unselected: { background: string; font: Font };
    background: Gradient;
  };
  bottomNav: {
    isShow: boolean;
    theme: 'theme_a' | 'theme_b' | 'theme_c';
    background: string;
    selected: Font;
    unselected: Font;
    selectedColor: string;
    unSelectedColor: string;
    showUnselectedLabels: boolean;
    bevel: number;
  };
  homeCategories: {
    isShow: boolean;
    theme: 'theme_a' | 'theme_b' | 'theme_c' | 'theme_d' | 'theme_e' | 'theme_f';
    backgroundColor: string;
    itemHighlight: string;
    border: Border;
    spacing: number;
    font: Font;
  };
  categories: {
    theme: 'theme_a' | 'theme_b' | 'theme_c';
    overlayColor: string;
    spacing: number;
    item: { borderRadius: number; color: string; fontColor: string };
  };
  measurementItem: {
    borderRadius: Corners;
    isAlternateCorners: boolean;
    gradient: Gradient;
    shadowSpread: number;
    shadowColor: string;
    itemSpacing: number;
    mainFontColor: string;
    secondaryFontColor: string;
    priceFontColor: string;
    title: Font;
    price: Font;
    description: Font;
    textAlign: TextAlign;
    opacity: number;
  };
  quantitySelection: { wrapper: Box; decrement: Box; value: Box; increment: Box };
  sizesSelection: { theme: 'theme_a' | 'theme_b'; selected: Box; unselected: Box };
  productDetailsCTA: { theme: 'theme_a' | 'theme_b' | 'theme_c'; background: string; borderRadius: number; primary: Box; secondary: Box };
  productDetailsBody: { theme: 'theme_a' | 'theme_b' | 'theme_c' };
  searchBar: {
    theme: 'theme_a' | 'theme_b' | 'theme_c' | 'theme_d';
    position: 'below-slide-show' | 'in-toolbar';
    button: Box;
    input: Box;
  };
}

export interface Shop {
  name: string;
  slogan: string;
  currencySymbol: string;
  /** Where the shop's web app lives (the portal's public origin). */
  origin: string;
}

export interface Category {
  id: number;
  name: string;
  icon: string;
  image: string;
}

export interface Review {
  id: number;
  person: string;
  date: string;
  stars: number;
  text: string;
}

export interface Product {
  id: number;
  categoryId: number;
  name: string;
  title: string;
  shortDescription: string;
  description: string;
  image: string;
  price: number;
  maxPrice: number;
  sizes: string[];
  reviews: Review[];
}

export interface Slide {
  id: number;
  title: string;
  subtitle: string;
  image: string;
}

export interface Catalogue {
  categories: Category[];
  products: Product[];
  slides: Slide[];
}
`,
  ],
  [
    'src/fonts.ts',
    `/**
 * The design's font families. Roboto and Great Vibes ship with the app (expo-font loads them from
 * @expo-google-fonts before the splash screen hides); Georgia, Arial, Courier New, Trebuchet MS and
 * Verdana are system fonts on iOS and map to Android's serif, sans-serif and monospace families.
 * An unknown family falls back to the system font.
 */
import { useFonts } from 'expo-font';
import { Roboto_400Regular, Roboto_700Bold } from '@expo-google-fonts/roboto';
import { GreatVibes_400Regular } from '@expo-google-fonts/great-vibes';
import { Platform, type TextStyle } from 'react-native';

/** Loads the bundled fonts: [loaded, error]. */
export function useAppFonts(): [boolean, Error | null] {
  return useFonts({ Roboto_400Regular, Roboto_700Bold, GreatVibes_400Regular });
}

const SYSTEM: Record<string, { ios: string; android: string }> = {
  Georgia: { ios: 'Georgia', android: 'serif' },
  Arial: { ios: 'Arial', android: 'sans-serif' },
  'Courier New': { ios: 'Courier New', android: 'monospace' },
  'Trebuchet MS': { ios: 'Trebuchet MS', android: 'sans-serif' },
  Verdana: { ios: 'Verdana', android: 'sans-serif' },
};

/** The text style of a design font family, regular or bold. */
export function fontOf(family: string, bold = false): TextStyle {
  if (family === 'Roboto') return { fontFamily: bold ? 'Roboto_700Bold' : 'Roboto_400Regular' };
  if (family === 'Great Vibes') return { fontFamily: 'GreatVibes_400Regular' };
  const system = SYSTEM[family];
  const weight: TextStyle['fontWeight'] = bold ? '700' : '400';
  if (!system) return { fontWeight: weight };
  return { fontFamily: Platform.OS === 'ios' ? system.ios : system.android, fontWeight: weight };
}
`,
  ],
  [
    'src/format.ts',
    `/** Money, stars and text cuts as the shop's screens write them. */
import { shop } from './shop';

/** An amount in major units after the shop's currency symbol, two decimals, en-US grouping: "$1,234.50". */
export function formatPrice(amount: number): string {
  const cents = Math.round(amount * 100);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = String(Math.floor(abs / 100)).replace(/\\B(?=(\\d{3})+(?!\\d))/g, ',');
  return sign + shop.currencySymbol + whole + '.' + String(abs % 100).padStart(2, '0');
}

/** The average of the review stars, 5 when there are none yet. */
export function averageStars(reviews: ReadonlyArray<{ stars: number }>): number {
  return reviews.length === 0 ? 5 : reviews.reduce((sum, review) => sum + review.stars, 0) / reviews.length;
}

/** Cut at \`max\` characters, with an ellipsis when anything was cut. */
export function truncate(text: string, max: number): string {
  return text.length > max ? text.slice(0, max).trimEnd() + '…' : text;
}
`,
  ],
  [
    'src/store.tsx',
    `/**
 * The app's state, kept in memory: where the user is (a small stack of screens, Android's back
 * button pops it), the cart and the orders placed in this session. Nothing is sent anywhere: the
 * shop's real catalogue, accounts, payments and orders are not wired in (see README.md).
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { BackHandler } from 'react-native';
import { catalogue } from './catalogue';
import type { Product } from './types';

export type Route =
  | { name: 'home' }
  | { name: 'categories' }
  | { name: 'products'; categoryId?: number }
  | { name: 'product'; productId: number }
  | { name: 'cart' }
  | { name: 'checkout' }
  | { name: 'orders' };

export interface CartLine {
  product: Product;
  size: string | undefined;
  quantity: number;
}

export type OrderStatus = 'created' | 'processing' | 'in-transit' | 'order-arrived' | 'delivered';

export interface Order {
  orderNo: string;
  userName: string;
  amount: number;
  items: number;
  status: OrderStatus;
}

const STATUSES: OrderStatus[] = ['created', 'processing', 'in-transit', 'order-arrived', 'delivered'];
const NAMES = ['Ada Obi', 'Lena Park', 'Tom Reyes', 'Mia Chen', 'Sam Adler', 'Zoe Blake', 'Kofi Mensah'];

/** Sample orders (one per status, and two more), shown under the ones placed in this session. */
function sampleOrders(): Order[] {
  return NAMES.map((userName, i) => ({
    orderNo: '#' + String(48210 + i * 37),
    userName,
    amount: (catalogue.products[i]?.price ?? 200) * (1 + (i % 3)),
    items: 1 + (i % 3),
    status: STATUSES[i % STATUSES.length] ?? 'created',
  }));
}

interface Store {
  route: Route;
  canGoBack: boolean;
  go: (route: Route) => void;
  /** Opens a top-level screen (menu, bottom bar): the stack starts again from home. */
  open: (route: Route) => void;
  back: () => void;
  cart: CartLine[];
  addToCart: (product: Product, size: string | undefined, quantity: number) => void;
  setQuantity: (index: number, quantity: number) => void;
  cartTotal: number;
  cartCount: number;
  orders: Order[];
  placeOrder: (userName: string, deliveryFee: number) => void;
}

const StoreContext = createContext<Store | null>(null);

export function StoreProvider({ children }: { children: ReactNode }) {
  const [stack, setStack] = useState<Route[]>([{ name: 'home' }]);
  const [cart, setCart] = useState<CartLine[]>([]);
  const [placed, setPlaced] = useState<Order[]>([]);
  const route = stack[stack.length - 1] ?? { name: 'home' };

  const go = useCallback((next: Route) => setStack((current) => [...current, next]), []);
  const open = useCallback((next: Route) => setStack(next.name === 'home' ? [next] : [{ name: 'home' }, next]), []);
  const back = useCallback(() => setStack((current) => (current.length > 1 ? current.slice(0, -1) : current)), []);

  useEffect(() => {
    const subscription = BackHandler.addEventListener('hardwareBackPress', () => {
      if (stack.length <= 1) return false;
      back();
      return true;
    });
    return () => subscription.remove();
  }, [stack.length, back]);

  const addToCart = useCallback((product: Product, size: string | undefined, quantity: number) => {
    setCart((lines) => {
      const index = lines.findIndex((line) => line.product.id === product.id && line.size === size);
      if (index < 0) return [...lines, { product, size, quantity }];
      return lines.map((line, i) => (i === index ? { ...line, quantity: line.quantity + quantity } : line));
    });
  }, []);
  const setQuantity = useCallback((index: number, quantity: number) => {
    setCart((lines) => (quantity <= 0 ? lines.filter((_, i) => i !== index) : lines.map((line, i) => (i === index ? { ...line, quantity } : line))));
  }, []);
  const cartTotal = cart.reduce((sum, line) => sum + line.product.price * line.quantity, 0);
  const cartCount = cart.reduce((sum, line) => sum + line.quantity, 0);

  const placeOrder = useCallback(
    (userName: string, deliveryFee: number) => {
      setPlaced((orders) => [
        { orderNo: '#' + String(50000 + orders.length + 1), userName, amount: cartTotal + deliveryFee, items: cartCount, status: 'created' },
        ...orders,
      ]);
      setCart([]);
      setStack([{ name: 'home' }, { name: 'orders' }]);
    },
    [cartTotal, cartCount],
  );

  const orders = useMemo(() => [...placed, ...sampleOrders()], [placed]);
  const value = useMemo<Store>(
    () => ({ route, canGoBack: stack.length > 1, go, open, back, cart, addToCart, setQuantity, cartTotal, cartCount, orders, placeOrder }),
    [route, stack.length, go, open, back, cart, addToCart, setQuantity, cartTotal, cartCount, orders, placeOrder],
  );
  return <StoreContext.Provider value={value}>{children}</StoreContext.Provider>;
}

export function useStore(): Store {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useStore outside StoreProvider');
  return store;
}
`,
  ],
  [
    'src/ui.tsx',
    `/** Building blocks of the screens, styled only by the design (theme.ts). */
import type { ReactNode } from 'react';
import { Image, Modal, Pressable, ScrollView, StyleSheet, Text, TextInput, View, type ImageStyle, type StyleProp, type TextStyle, type ViewStyle } from 'react-native';
import { LinearGradient } from 'expo-linear-gradient';
import MaterialIcons from '@expo/vector-icons/MaterialIcons';
import { useSafeAreaInsets } from 'react-native-safe-area-context';
import { fontOf } from './fonts';
import { truncate } from './format';
import { shop } from './shop';
import { useStore, type Route } from './store';
import { theme } from './theme';
import type { Box, Corners, Font, Gradient } from './types';

export type IconName = keyof typeof MaterialIcons.glyphMap;

const DIRECTIONS = {
  'left-to-right': { start: { x: 0, y: 0.5 }, end: { x: 1, y: 0.5 } },
  'top-to-bottom': { start: { x: 0.5, y: 0 }, end: { x: 0.5, y: 1 } },
  'top-to-bottom-diagonal': { start: { x: 0, y: 0 }, end: { x: 1, y: 1 } },
  'bottom-to-top-diagonal': { start: { x: 0, y: 1 }, end: { x: 1, y: 0 } },
} as const;

/** A two-colour gradient (the design's toolbar, buttons, items, drawer, splash). */
export function GradientView({ gradient, style, children }: { gradient: Gradient; style?: StyleProp<ViewStyle>; children?: ReactNode }) {
  const { start, end } = DIRECTIONS[gradient.direction];
  return (
    <LinearGradient colors={gradient.colors} locations={[0, Math.max(0.001, gradient.spread)]} start={start} end={end} style={style}>
      {children}
    </LinearGradient>
  );
}

/** Material-like elevation: Android's elevation, an equivalent shadow on iOS. */
export function shadow(elevation: number, color = '#000000'): ViewStyle {
  if (elevation <= 0) return {};
  return { elevation, shadowColor: color, shadowOpacity: Math.min(0.32, 0.08 + elevation * 0.02), shadowRadius: elevation, shadowOffset: { width: 0, height: Math.round(elevation / 2) } };
}

/** Four corner radii; with alternate corners every other item mirrors them left to right. */
export function corners(radius: Corners, alternate = false, index = 0): ViewStyle {
  const flip = alternate && index % 2 === 1;
  return {
    borderTopLeftRadius: flip ? radius.topRight : radius.topLeft,
    borderTopRightRadius: flip ? radius.topLeft : radius.topRight,
    borderBottomLeftRadius: flip ? radius.bottomRight : radius.bottomLeft,
    borderBottomRightRadius: flip ? radius.bottomLeft : radius.bottomRight,
  };
}

export function textOf(font: Font, bold = false): TextStyle {
  return { fontSize: font.size, color: font.color, ...fontOf(font.fontFamily, bold) };
}

/** A box of the design: background, border (outlined or none) and corners. */
export function boxOf(box: Box): ViewStyle {
  const outlined = box.border.type === 'outlined' && box.border.width > 0;
  return { backgroundColor: box.background, borderWidth: outlined ? box.border.width : 0, borderColor: box.border.color, ...corners(box.border.radius) };
}

/** Body text in the design's body font and colour. */
export function Body({ children, style, bold = false, lines }: { children: ReactNode; style?: StyleProp<TextStyle>; bold?: boolean; lines?: number }) {
  return (
    <Text numberOfLines={lines} style={[{ color: theme.colors.bodyColor, fontSize: 14, textAlign: theme.body.textAlign }, fontOf(theme.body.fontFamily, bold), style]}>
      {children}
    </Text>
  );
}

export function Icon({ name, size = 22, color }: { name: IconName; size?: number; color: string }) {
  return <MaterialIcons name={name} size={size} color={color} />;
}

/** The design's main button: its gradient, elevation, font and corners. */
export function PrimaryButton({ label, onPress, style, disabled = false }: { label: string; onPress: () => void; style?: StyleProp<ViewStyle>; disabled?: boolean }) {
  const b = theme.buttons;
  return (
    <Pressable accessibilityRole="button" onPress={onPress} disabled={disabled} style={[{ opacity: disabled ? 0.5 : 1 }, corners(b.radius), shadow(b.elevation), style]}>
      <GradientView gradient={b.gradient} style={[styles.button, corners(b.radius)]}>
        <Text style={[textOf(b.font, true), { color: b.font.color }]}>{label}</Text>
      </GradientView>
    </Pressable>
  );
}

/** The outlined companion of the main button (Keep Shopping). */
export function OutlineButton({ label, onPress, style }: { label: string; onPress: () => void; style?: StyleProp<ViewStyle> }) {
  return (
    <Pressable
      accessibilityRole="button"
      onPress={onPress}
      style={[styles.button, corners(theme.buttons.radius), { borderWidth: 1.5, borderColor: theme.colors.primary }, style]}
    >
      <Text style={[fontOf(theme.buttons.font.fontFamily, true), { color: theme.colors.primary, fontSize: theme.buttons.font.size }]}>{label}</Text>
    </Pressable>
  );
}

/** A rating out of 5 as star characters. */
export function Stars({ value, size = 14 }: { value: number; size?: number }) {
  const full = Math.round(value);
  return (
    <Text accessibilityLabel={value.toFixed(1) + ' out of 5 stars'} style={{ color: theme.fixed.star, fontSize: size, letterSpacing: 1 }}>
      {'★'.repeat(full) + '☆'.repeat(5 - full)}
    </Text>
  );
}

export function Picture({ uri, style }: { uri: string; style?: StyleProp<ImageStyle> }) {
  return <Image source={uri ? { uri } : undefined} resizeMode="cover" style={[{ backgroundColor: theme.fixed.divider }, style]} />;
}

/** A titled card of the checkout. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <View style={[styles.section, shadow(1)]}>
      <Text style={[styles.sectionTitle, fontOf(theme.body.fontFamily, true), { color: theme.colors.primary }]}>{title.toUpperCase()}</Text>
      {children}
    </View>
  );
}

/** The search field and its button (search bar themes a to d). */
export function SearchBar({ value, onChange, compact = false }: { value: string; onChange: (text: string) => void; compact?: boolean }) {
  const s = theme.searchBar;
  const field: ViewStyle[] = [styles.searchField, { backgroundColor: s.input.background, paddingVertical: compact ? 4 : 8 }];
  if (s.theme === 'theme_a') field.push(boxOf(s.input));
  if (s.theme === 'theme_b') field.push({ backgroundColor: 'transparent', borderBottomWidth: 2, borderColor: theme.colors.primary });
  if (s.theme === 'theme_c') field.push({ borderRadius: 999 }, shadow(2));
  if (s.theme === 'theme_d') field.push(boxOf(s.input), { borderTopRightRadius: 0, borderBottomRightRadius: 0, borderRightWidth: 0 });
  const button: ViewStyle[] = [boxOf(s.button), styles.searchButton];
  if (s.theme === 'theme_c') button.push({ borderRadius: 999, marginLeft: -48 });
  if (s.theme === 'theme_d') button.push({ borderTopLeftRadius: 0, borderBottomLeftRadius: 0 });
  return (
    <View style={[styles.row, { gap: s.theme === 'theme_c' || s.theme === 'theme_d' ? 0 : 8 }]}>
      <View style={field}>
        <Icon name="search" size={18} color={s.input.font.color} />
        <SearchInput value={value} onChange={onChange} />
      </View>
      <View style={button}>
        <Text style={textOf(s.button.font, true)}>Search</Text>
      </View>
    </View>
  );
}

function SearchInput({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  const font = theme.searchBar.input.font;
  return (
    <TextInput
      value={value}
      onChangeText={onChange}
      placeholder="search"
      placeholderTextColor={font.color}
      returnKeyType="search"
      style={[textOf(font), { flex: 1, paddingVertical: 0, color: theme.colors.bodyColor }]}
    />
  );
}

const PAGE_TITLES: Record<Route['name'], string> = {
  home: shop.name,
  categories: 'Categories',
  products: 'Products',
  product: 'Details',
  cart: 'Shopping Cart',
  checkout: 'Checkout',
  orders: 'Order History',
};

/** The toolbar: back or the menu, the title (or the search bar), the cart with its count. */
export function Toolbar({ onMenu, search }: { onMenu: () => void; search?: ReactNode }) {
  const { route, canGoBack, back, go, cartCount } = useStore();
  const insets = useSafeAreaInsets();
  const fg = theme.colors.toolBarForeground;
  const showBack = canGoBack && (route.name === 'product' || route.name === 'products' || route.name === 'checkout');
  return (
    <GradientView gradient={theme.toolBar.gradient} style={[{ paddingTop: insets.top + 6, paddingBottom: 8, paddingHorizontal: 6, zIndex: 2 }, shadow(theme.toolBar.elevation)]}>
      <View style={[styles.row, { minHeight: 44, gap: 4 }]}>
        {showBack ? (
          <Pressable accessibilityLabel="Back" onPress={back} style={styles.iconButton}>
            <Icon name="arrow-back" color={fg} />
          </Pressable>
        ) : theme.hasSideNavBar ? (
          <Pressable accessibilityLabel="Menu" onPress={onMenu} style={styles.iconButton}>
            <Icon name="menu" color={theme.sideNav.iconColor} size={theme.sideNav.iconSize} />
          </Pressable>
        ) : (
          <View style={{ width: 8 }} />
        )}
        {search ?? (
          <Text numberOfLines={1} style={[{ flex: 1, color: fg, fontSize: 18 }, fontOf(theme.body.fontFamily, true)]}>
            {route.name === 'home' ? truncate(PAGE_TITLES.home, 20) : PAGE_TITLES[route.name]}
          </Text>
        )}
        <Pressable accessibilityLabel="Cart" onPress={() => go({ name: 'cart' })} style={styles.iconButton}>
          <Icon name="shopping-cart" color={fg} />
          {cartCount > 0 && (
            <View style={[styles.badge, { backgroundColor: theme.colors.accent }]}>
              <Text style={{ color: theme.colors.buttonForeground, fontSize: 10, fontWeight: '700' }}>{cartCount}</Text>
            </View>
          )}
        </Pressable>
      </View>
    </GradientView>
  );
}

const BOTTOM_ITEMS: Array<{ title: string; icon: IconName; route: Route; keys: Array<Route['name']> }> = [
  { title: 'Home', icon: 'home', route: { name: 'home' }, keys: ['home'] },
  { title: 'Categories', icon: 'category', route: { name: 'categories' }, keys: ['categories', 'products'] },
  { title: 'Orders', icon: 'receipt-long', route: { name: 'orders' }, keys: ['orders'] },
  { title: 'Cart', icon: 'shopping-cart', route: { name: 'cart' }, keys: ['cart', 'checkout'] },
];

/** The bottom navigation bar (bottomNavBar: themes a to c, colours, fonts, labels, bevel). */
export function BottomNav() {
  const { route, open } = useStore();
  const insets = useSafeAreaInsets();
  const b = theme.bottomNav;
  const floating = b.theme === 'theme_b';
  const bar: ViewStyle = {
    flexDirection: 'row',
    backgroundColor: b.background,
    paddingTop: 6,
    paddingBottom: floating ? 8 : Math.max(10, insets.bottom),
    marginHorizontal: floating ? 12 : 0,
    marginBottom: floating ? Math.max(12, insets.bottom) : 0,
    borderRadius: floating ? b.bevel : 0,
    borderTopLeftRadius: floating || b.theme === 'theme_c' ? b.bevel : 0,
    borderTopRightRadius: floating || b.theme === 'theme_c' ? b.bevel : 0,
    ...shadow(floating ? 8 : 4),
  };
  return (
    <View style={bar}>
      {BOTTOM_ITEMS.map((item) => {
        const selected = item.keys.includes(route.name);
        const colour = selected ? b.selectedColor : b.unSelectedColor;
        return (
          <Pressable key={item.title} accessibilityRole="tab" accessibilityState={{ selected }} onPress={() => open(item.route)} style={styles.bottomItem}>
            <View style={[styles.bottomIcon, { backgroundColor: b.theme === 'theme_c' && selected ? theme.colors.primaryLight : 'transparent' }]}>
              <Icon name={item.icon} color={colour} />
            </View>
            {(selected || b.showUnselectedLabels) && <Text style={[textOf(selected ? b.selected : b.unselected, selected), { color: colour }]}>{item.title}</Text>}
          </Pressable>
        );
      })}
    </View>
  );
}

const MENU: Array<{ title: string; icon: IconName; route: Route }> = [
  { title: 'Products', icon: 'home', route: { name: 'home' } },
  { title: 'Categories', icon: 'category', route: { name: 'categories' } },
  { title: 'Order History', icon: 'receipt-long', route: { name: 'orders' } },
  { title: 'Shopping Cart', icon: 'shopping-cart', route: { name: 'cart' } },
];

/** The side navigation drawer (sideNavigationDrawer: header, items, divider, background). */
export function Drawer({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { route, open } = useStore();
  const insets = useSafeAreaInsets();
  const d = theme.sideNav;
  return (
    <Modal visible={visible} transparent animationType="fade" onRequestClose={onClose}>
      <View style={[styles.row, { flex: 1, alignItems: 'stretch' }]}>
        <GradientView gradient={d.background} style={{ width: '78%', maxWidth: 320 }}>
          <GradientView gradient={d.header.gradient} style={{ paddingTop: insets.top + 24, paddingBottom: 20, paddingHorizontal: 18 }}>
            <Text style={textOf(d.header.font, true)}>{shop.name}</Text>
            <Text style={[textOf(d.header.font), { fontSize: 13, opacity: 0.9, marginTop: 4 }]}>{shop.slogan}</Text>
          </GradientView>
          <ScrollView>
            {MENU.map((item) => {
              const selected = item.route.name === route.name;
              const look = selected ? d.selected : d.unselected;
              return (
                <View key={item.title}>
                  <Pressable
                    onPress={() => {
                      onClose();
                      open(item.route);
                    }}
                    style={[styles.row, { gap: 14, paddingVertical: 14, paddingHorizontal: 18, backgroundColor: look.background }]}
                  >
                    <Icon name={item.icon} color={look.font.color} />
                    <Text style={textOf(look.font, selected)}>{item.title}</Text>
                  </Pressable>
                  {d.divider.isShow && <View style={{ height: StyleSheet.hairlineWidth, backgroundColor: d.divider.color }} />}
                </View>
              );
            })}
          </ScrollView>
        </GradientView>
        <Pressable accessibilityLabel="Close menu" onPress={onClose} style={{ flex: 1, backgroundColor: theme.fixed.scrim }} />
      </View>
    </Modal>
  );
}

export const styles = StyleSheet.create({
  row: { flexDirection: 'row', alignItems: 'center' },
  button: { paddingVertical: 13, paddingHorizontal: 16, alignItems: 'center', justifyContent: 'center' },
  iconButton: { width: 44, height: 44, alignItems: 'center', justifyContent: 'center' },
  badge: { position: 'absolute', top: 4, right: 2, minWidth: 16, height: 16, borderRadius: 8, alignItems: 'center', justifyContent: 'center', paddingHorizontal: 3 },
  bottomItem: { flex: 1, alignItems: 'center', gap: 2, paddingVertical: 2 },
  bottomIcon: { width: 52, height: 28, borderRadius: 14, alignItems: 'center', justifyContent: 'center' },
  section: { backgroundColor: theme.fixed.surface, borderRadius: 14, padding: 14, marginHorizontal: 12, marginBottom: 12 },
  sectionTitle: { fontSize: 13, letterSpacing: 0.4, marginBottom: 10 },
  searchField: { flex: 1, flexDirection: 'row', alignItems: 'center', gap: 6, paddingHorizontal: 10 },
  searchButton: { paddingVertical: 9, paddingHorizontal: 14 },
});
`,
  ],
  [
    'src/BrandSplash.tsx',
    `/**
 * The design's splash screen, shown for a moment after the native splash (expo-splash-screen,
 * assets/splash.png on the splash colour) hides: its background (colour, gradient or picture), a
 * translucent pane, the logo, the app's name in the splash font and the slogan.
 */
import { Image, ImageBackground, Text, View, type ViewStyle } from 'react-native';
import { fontOf } from './fonts';
import { theme } from './theme';
import { GradientView, textOf } from './ui';

const JUSTIFY = { top: 'flex-start', center: 'center', bottom: 'flex-end' } as const;

export function BrandSplash() {
  const s = theme.splash;
  const content = (
    <View style={{ alignItems: 'center', gap: 12, padding: 20, borderRadius: 28, backgroundColor: s.pane.color, width: Math.round(Math.max(0.2, s.pane.spread) * 100) + '%', minWidth: 240 }}>
      {s.showLogo && (
        <Image source={require('../assets/icon.png')} accessibilityLabel={s.appName + ' logo'} style={{ width: s.logo.width, height: s.logo.height, borderRadius: s.logo.borderRadius }} />
      )}
      {s.showLabel && <Text style={[textOf(s.font), fontOf(s.font.fontFamily), { textAlign: 'center' }]}>{s.appName}</Text>}
      {s.showSlogan && <Text style={{ color: s.font.color, opacity: 0.9, fontSize: 14, textAlign: 'center' }}>{s.appSlogan}</Text>}
    </View>
  );
  const frame: ViewStyle = { flex: 1, alignItems: 'center', justifyContent: JUSTIFY[s.pane.position], paddingVertical: 60 };
  if (s.background.type === 'image' && s.background.image) {
    return (
      <ImageBackground source={{ uri: s.background.image }} resizeMode="cover" style={[frame, { backgroundColor: s.background.color }]}>
        {content}
      </ImageBackground>
    );
  }
  if (s.background.type === 'gradient') return <GradientView gradient={s.background.gradient} style={frame}>{content}</GradientView>;
  return <View style={[frame, { backgroundColor: s.background.color }]}>{content}</View>;
}
`,
  ],
  [
    'src/screens/HomeScreen.tsx',
    `/** Home: the slide show, the search bar, the home categories and the products (measurement items, templates a to c). */
import { useEffect, useRef, useState } from 'react';
import { Pressable, ScrollView, Text, View, useWindowDimensions, type ScrollViewInstance, type ViewStyle } from 'react-native';
import { catalogue } from '../catalogue';
import { averageStars, formatPrice, truncate } from '../format';
import { useStore } from '../store';
import { theme } from '../theme';
import type { Category, Product } from '../types';
import { Body, GradientView, Picture, SearchBar, Stars, corners, shadow, textOf } from '../ui';

/** How many products the home page lists. */
const HOME_PRODUCTS = 30;
/** How many categories the home page shows. */
const HOME_CATEGORIES = 6;
const SLIDE_SECONDS = 4;

export function matches(product: Product, query: string): boolean {
  const q = query.trim().toLowerCase();
  return q === '' || product.name.toLowerCase().includes(q) || product.title.toLowerCase().includes(q);
}

export function HomeScreen({ query, onQuery }: { query: string; onQuery: (text: string) => void }) {
  const products = catalogue.products.filter((product) => matches(product, query)).slice(0, HOME_PRODUCTS);
  return (
    <ScrollView contentContainerStyle={{ paddingBottom: 24 }} keyboardShouldPersistTaps="handled">
      <Slideshow />
      {theme.searchBar.position === 'below-slide-show' && (
        <View style={{ marginHorizontal: 12, marginBottom: 12 }}>
          <SearchBar value={query} onChange={onQuery} />
        </View>
      )}
      {theme.homeCategories.isShow && <HomeCategories />}
      <Body bold style={{ fontSize: 16, marginHorizontal: 14, marginTop: 6, marginBottom: 10 }}>
        {query.trim() ? 'Results' : 'Popular now'}
      </Body>
      {products.length === 0 ? <Body style={{ marginHorizontal: 14 }}>No products match your search.</Body> : <ProductGrid products={products} />}
    </ScrollView>
  );
}

function Slideshow() {
  const { width } = useWindowDimensions();
  const slides = catalogue.slides;
  const slideWidth = width - 24;
  const [index, setIndex] = useState(0);
  const scroller = useRef<ScrollViewInstance | null>(null);
  useEffect(() => {
    if (slides.length < 2) return undefined;
    const timer = setInterval(() => {
      setIndex((current) => {
        const next = (current + 1) % slides.length;
        scroller.current?.scrollTo({ x: next * slideWidth, animated: true });
        return next;
      });
    }, SLIDE_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [slides.length, slideWidth]);
  if (slides.length === 0) return null;
  return (
    <View style={[{ margin: 12, borderRadius: 16, overflow: 'hidden', backgroundColor: theme.fixed.surface }, shadow(4)]}>
      <ScrollView
        ref={scroller}
        horizontal
        pagingEnabled
        showsHorizontalScrollIndicator={false}
        onMomentumScrollEnd={(event) => setIndex(Math.round(event.nativeEvent.contentOffset.x / slideWidth))}
      >
        {slides.map((slide) => (
          <View key={slide.id} accessibilityLabel={slide.title} style={{ width: slideWidth, aspectRatio: 12 / 5 }}>
            {slide.image ? (
              <Picture uri={slide.image} style={{ width: '100%', height: '100%' }} />
            ) : (
              <GradientView gradient={theme.toolBar.gradient} style={{ flex: 1, justifyContent: 'flex-end', padding: 16 }}>
                <Text style={{ color: theme.colors.toolBarForeground, fontSize: 19, fontWeight: '700' }}>{slide.title}</Text>
                <Text style={{ color: theme.colors.toolBarForeground, fontSize: 12 }}>{slide.subtitle}</Text>
              </GradientView>
            )}
          </View>
        ))}
      </ScrollView>
      {slides.length > 1 && (
        <View style={{ position: 'absolute', bottom: 8, right: 12, flexDirection: 'row', gap: 4 }}>
          {slides.length > 6 ? (
            <Text style={{ color: theme.fixed.surface, fontSize: 11, backgroundColor: theme.fixed.scrim, borderRadius: 9, paddingHorizontal: 8 }}>
              {String(index + 1) + ' / ' + String(slides.length)}
            </Text>
          ) : (
            slides.map((slide, i) => (
              <View key={slide.id} style={{ width: i === index ? 14 : 6, height: 6, borderRadius: 3, backgroundColor: theme.fixed.surface, opacity: i === index ? 1 : 0.55 }} />
            ))
          )}
        </View>
      )}
    </View>
  );
}

function HomeCategories() {
  const h = theme.homeCategories;
  const { go } = useStore();
  const items = catalogue.categories.slice(0, HOME_CATEGORIES);
  const grid = h.theme === 'theme_c' || h.theme === 'theme_f';
  const outlined = h.border.type === 'outlined' && h.border.width > 0;
  const border: ViewStyle = { borderWidth: outlined ? h.border.width : 0, borderColor: h.border.color, ...corners(h.border.radius) };
  const open = (category: Category) => go({ name: 'products', categoryId: category.id });
  const item = (category: Category, i: number) => {
    const title = h.theme === 'theme_e' ? truncate(category.name, 14) : category.name;
    const font = textOf(h.font);
    const highlighted = i === 0 ? h.itemHighlight : theme.fixed.surface;
    switch (h.theme) {
      case 'theme_b':
        return (
          <Pressable key={category.id} onPress={() => open(category)} style={{ width: 70, alignItems: 'center' }}>
            <View style={{ width: 60, height: 60, borderRadius: 30, borderWidth: 2, borderColor: i === 0 ? h.itemHighlight : 'transparent', padding: 2, marginBottom: 6 }}>
              <Picture uri={category.icon} style={{ width: '100%', height: '100%', borderRadius: 27 }} />
            </View>
            <Text numberOfLines={1} style={font}>
              {title}
            </Text>
          </Pressable>
        );
      case 'theme_c':
        return (
          <Pressable key={category.id} onPress={() => open(category)} style={[{ width: '31%', overflow: 'hidden', backgroundColor: theme.fixed.surface }, border]}>
            <Picture uri={category.image} style={{ height: 58 }} />
            <Text numberOfLines={1} style={[font, { padding: 6 }]}>
              {title}
            </Text>
          </Pressable>
        );
      case 'theme_d':
        return (
          <Pressable key={category.id} onPress={() => open(category)} style={[border, { borderRadius: 999, paddingVertical: 8, paddingHorizontal: 14, backgroundColor: highlighted }]}>
            <Text style={font}>{title}</Text>
          </Pressable>
        );
      case 'theme_e':
        return (
          <Pressable key={category.id} onPress={() => open(category)} style={[{ width: 150, height: 84, overflow: 'hidden' }, corners(h.border.radius)]}>
            <Picture uri={category.image} style={{ width: '100%', height: '100%' }} />
            <View style={{ position: 'absolute', left: 0, right: 0, bottom: 0, padding: 8, backgroundColor: theme.fixed.scrim }}>
              <Text style={{ color: theme.fixed.surface, fontSize: h.font.size }}>{title}</Text>
            </View>
          </Pressable>
        );
      case 'theme_f':
        return (
          <Pressable key={category.id} onPress={() => open(category)} style={[border, { width: '48%', flexDirection: 'row', alignItems: 'center', gap: 8, padding: 6, backgroundColor: highlighted }]}>
            <Picture uri={category.icon} style={{ width: 34, height: 34, borderRadius: 8 }} />
            <Text numberOfLines={1} style={[font, { flex: 1 }]}>
              {title}
            </Text>
          </Pressable>
        );
      default:
        return (
          <Pressable key={category.id} onPress={() => open(category)} style={[border, { flexDirection: 'row', alignItems: 'center', gap: 6, padding: 6, paddingRight: 12, backgroundColor: highlighted }]}>
            <Picture uri={category.icon} style={{ width: 28, height: 28, borderRadius: 14 }} />
            <Text style={font}>{title}</Text>
          </Pressable>
        );
    }
  };
  const box: ViewStyle = { backgroundColor: h.backgroundColor, paddingVertical: h.spacing, paddingHorizontal: 12, gap: h.spacing, marginBottom: 12 };
  if (grid) return <View style={[box, { flexDirection: 'row', flexWrap: 'wrap', justifyContent: 'space-between' }]}>{items.map(item)}</View>;
  return (
    <ScrollView horizontal showsHorizontalScrollIndicator={false} style={{ backgroundColor: h.backgroundColor, marginBottom: 12 }} contentContainerStyle={[box, { marginBottom: 0, flexDirection: 'row' }]}>
      {items.map(item)}
    </ScrollView>
  );
}

/** The products as the design's measurement items: a two-column grid (template a), rows (b) or picture cards (c). */
export function ProductGrid({ products }: { products: Product[] }) {
  const m = theme.measurementItem;
  const { go } = useStore();
  const template = theme.template;
  const align = m.textAlign === 'justify' ? 'left' : m.textAlign;
  return (
    <View style={{ paddingHorizontal: 12, gap: m.itemSpacing, flexDirection: template === 'template_a' ? 'row' : 'column', flexWrap: 'wrap', justifyContent: 'space-between' }}>
      {products.map((product, i) => {
        const card: ViewStyle[] = [corners(m.borderRadius, m.isAlternateCorners, i), shadow(Math.round(m.shadowSpread / 2), m.shadowColor), { opacity: m.opacity }];
        if (template === 'template_a') card.push({ width: '48%' });
        const price = (
          <View style={{ flexDirection: 'row', alignItems: 'baseline', gap: 6, justifyContent: align === 'center' ? 'center' : align === 'right' ? 'flex-end' : 'flex-start' }}>
            <Text style={[textOf(m.price, true), { color: m.priceFontColor }]}>{formatPrice(product.price)}</Text>
            <Text style={{ fontSize: 11, color: m.secondaryFontColor, textDecorationLine: 'line-through' }}>{formatPrice(product.maxPrice)}</Text>
          </View>
        );
        const title = (
          <Text numberOfLines={template === 'template_b' ? 2 : 1} style={[textOf(m.title, true), { textAlign: align }]}>
            {product.title}
          </Text>
        );
        return (
          <Pressable key={String(product.id) + '-' + String(i)} accessibilityRole="button" onPress={() => go({ name: 'product', productId: product.id })} style={card}>
            <GradientView gradient={m.gradient} style={[corners(m.borderRadius, m.isAlternateCorners, i), { overflow: 'hidden' }, template === 'template_b' ? { flexDirection: 'row', alignItems: 'center', gap: 12, padding: 10 } : {}]}>
              {template === 'template_a' && (
                <>
                  <Picture uri={product.image} style={{ height: 118 }} />
                  <View style={{ padding: 10, gap: 4 }}>
                    {title}
                    <Stars value={averageStars(product.reviews)} size={12} />
                    {price}
                  </View>
                </>
              )}
              {template === 'template_b' && (
                <>
                  <Picture uri={product.image} style={{ width: 76, height: 76, borderRadius: 10 }} />
                  <View style={{ flex: 1, gap: 6 }}>
                    {title}
                    {price}
                  </View>
                </>
              )}
              {template === 'template_c' && (
                <View style={{ height: 150 }}>
                  <Picture uri={product.image} style={{ position: 'absolute', top: 0, left: 0, right: 0, bottom: 0 }} />
                  <View style={{ position: 'absolute', left: 10, right: 10, bottom: 10, padding: 10, borderRadius: 12, backgroundColor: theme.fixed.surface, gap: 2 }}>
                    {title}
                    <Text numberOfLines={1} style={[textOf(m.description), { textAlign: align }]}>
                      {truncate(product.shortDescription, 25)}
                    </Text>
                    {price}
                  </View>
                </View>
              )}
            </GradientView>
          </Pressable>
        );
      })}
    </View>
  );
}

`,
  ],
  [
    'src/screens/CategoriesScreen.tsx',
    `/** Every category as a picture tile (categories: themes a to c, overlay, spacing, item colours). */
import { Pressable, ScrollView, Text, View } from 'react-native';
import { catalogue } from '../catalogue';
import { fontOf } from '../fonts';
import { useStore } from '../store';
import { theme } from '../theme';
import { Picture, shadow } from '../ui';

export function CategoriesScreen() {
  const k = theme.categories;
  const { go } = useStore();
  const columns = k.theme === 'theme_b' ? 1 : 2;
  return (
    <ScrollView contentContainerStyle={{ padding: 12, gap: k.spacing, flexDirection: 'row', flexWrap: 'wrap', justifyContent: 'space-between' }}>
      {catalogue.categories.map((category) => (
        <Pressable
          key={category.id}
          accessibilityRole="button"
          onPress={() => go({ name: 'products', categoryId: category.id })}
          style={[{ width: columns === 1 ? '100%' : '48%', height: columns === 1 ? 110 : 130, borderRadius: k.item.borderRadius, overflow: 'hidden', backgroundColor: k.item.color }, shadow(2)]}
        >
          {k.theme === 'theme_c' ? (
            <View style={{ flex: 1 }}>
              <Picture uri={category.image} style={{ flex: 1 }} />
              <Text numberOfLines={1} style={[fontOf(theme.body.fontFamily, true), { padding: 8, color: theme.colors.bodyColor, textAlign: 'center' }]}>
                {category.name}
              </Text>
            </View>
          ) : (
            <>
              <Picture uri={category.image} style={{ width: '100%', height: '100%' }} />
              <View style={{ position: 'absolute', top: 0, left: 0, right: 0, bottom: 0, backgroundColor: k.overlayColor, alignItems: 'center', justifyContent: 'center', padding: 8 }}>
                <Text style={[fontOf(theme.body.fontFamily, true), { color: k.item.fontColor, fontSize: columns === 1 ? 20 : 15, textAlign: 'center' }]}>{category.name}</Text>
              </View>
            </>
          )}
        </Pressable>
      ))}
    </ScrollView>
  );
}
`,
  ],
  [
    'src/screens/ProductListScreen.tsx',
    `/** The products of one category as rows (measurement item corners, shadow, fonts and price colour). */
import { Pressable, ScrollView, Text, View } from 'react-native';
import { catalogue } from '../catalogue';
import { formatPrice, truncate } from '../format';
import { useStore } from '../store';
import { theme } from '../theme';
import { Body, Icon, Picture, corners, shadow, textOf } from '../ui';

/** How many products a category's list shows. */
const LIST_SIZE = 20;

export function ProductListScreen({ categoryId }: { categoryId: number | undefined }) {
  const m = theme.measurementItem;
  const { go } = useStore();
  const category = catalogue.categories.find((item) => item.id === categoryId);
  const inCategory = catalogue.products.filter((product) => product.categoryId === categoryId);
  const products = (inCategory.length > 0 ? inCategory : catalogue.products).slice(0, LIST_SIZE);
  return (
    <ScrollView contentContainerStyle={{ padding: 12, gap: m.itemSpacing }}>
      {category && (
        <Body bold style={{ fontSize: 16 }}>
          {category.name}
        </Body>
      )}
      {products.map((product, i) => (
        <Pressable
          key={product.id}
          accessibilityRole="button"
          onPress={() => go({ name: 'product', productId: product.id })}
          style={[{ flexDirection: 'row', alignItems: 'center', gap: 12, padding: 10, backgroundColor: theme.fixed.surface }, corners(m.borderRadius, m.isAlternateCorners, i), shadow(Math.round(m.shadowSpread / 2), m.shadowColor)]}
        >
          <Picture uri={product.image} style={{ width: 64, height: 64, borderRadius: 10 }} />
          <View style={{ flex: 1 }}>
            <Text numberOfLines={1} style={textOf(m.title, true)}>
              {truncate(product.name, 32)}
            </Text>
            <Text numberOfLines={1} style={textOf(m.description)}>
              {truncate(product.shortDescription, 32)}
            </Text>
            <Text style={[textOf(m.price, true), { color: m.priceFontColor }]}>{formatPrice(product.price)}</Text>
          </View>
          <Icon name="chevron-right" color={theme.fixed.muted} />
        </Pressable>
      ))}
    </ScrollView>
  );
}
`,
  ],
  [
    'src/screens/ProductDetailsScreen.tsx',
    `/**
 * A product: picture, title, price, rating, description, sizes (sizesSelection), quantity
 * (quantitySelection), reviews (productDetailsBody themes a to c) and the call-to-action bar
 * (productDetailsCTA themes a to c): Go Back, Add to Cart and the heart.
 */
import { useState, type ReactNode } from 'react';
import { Alert, Pressable, ScrollView, Text, View } from 'react-native';
import { useSafeAreaInsets } from 'react-native-safe-area-context';
import { catalogue } from '../catalogue';
import { averageStars, formatPrice } from '../format';
import { useStore } from '../store';
import { theme } from '../theme';
import type { Product } from '../types';
import { Body, Icon, Picture, Stars, boxOf, shadow, styles, textOf } from '../ui';

export function ProductDetailsScreen({ productId }: { productId: number }) {
  const product = catalogue.products.find((item) => item.id === productId) ?? catalogue.products[0];
  if (!product) return <Body style={{ padding: 16 }}>No products yet.</Body>;
  return <Details product={product} />;
}

function Details({ product }: { product: Product }) {
  const { back, go, addToCart } = useStore();
  const sizes = product.sizes.length > 0 ? product.sizes : ['S', 'M', 'L', 'XL'];
  const [size, setSize] = useState(sizes.includes('S') ? 'S' : sizes[0]);
  const [quantity, setQuantity] = useState(1);
  const [liked, setLiked] = useState(false);
  const [tab, setTab] = useState<'details' | 'reviews'>('details');
  const [panel, setPanel] = useState<'details' | 'reviews' | null>('details');
  const c = theme.colors;
  const q = theme.quantitySelection;
  const s = theme.sizesSelection;
  const add = () => {
    addToCart(product, size, quantity);
    Alert.alert('Product was added to cart.', 'Would you like to checkout now?', [
      { text: 'No', style: 'cancel' },
      { text: 'Yes', onPress: () => go({ name: 'checkout' }) },
    ]);
  };

  const details = (
    <View style={{ gap: 12 }}>
      <Text style={{ color: theme.measurementItem.secondaryFontColor, fontSize: 14, lineHeight: 20 }}>{product.description}</Text>
      <View style={{ flexDirection: 'row', alignItems: 'center', flexWrap: 'wrap', gap: 12 }}>
        <View accessibilityLabel="Size" style={{ flexDirection: 'row', gap: 6, flexWrap: 'wrap' }}>
          {sizes.map((name) => {
            const box = name === size ? s.selected : s.unselected;
            return (
              <Pressable key={name} accessibilityState={{ selected: name === size }} onPress={() => setSize(name)} style={[boxOf(box), { minWidth: 38, paddingVertical: 6, paddingHorizontal: 10, alignItems: 'center' }, s.theme === 'theme_a' ? { borderRadius: 6 } : {}]}>
                <Text style={textOf(box.font, true)}>{name}</Text>
              </Pressable>
            );
          })}
        </View>
        <View accessibilityLabel="Quantity" style={[boxOf(q.wrapper), { flexDirection: 'row', alignItems: 'center', gap: 4, padding: 3, marginLeft: 'auto' }]}>
          <Pressable accessibilityLabel="Decrease quantity" onPress={() => setQuantity((n) => Math.max(1, n - 1))} style={[boxOf(q.decrement), { width: 30, height: 30, alignItems: 'center', justifyContent: 'center' }]}>
            <Icon name="remove" size={16} color={q.decrement.font.color} />
          </Pressable>
          <View style={[boxOf(q.value), { minWidth: 26, alignItems: 'center' }]}>
            <Text style={textOf(q.value.font, true)}>{quantity}</Text>
          </View>
          <Pressable accessibilityLabel="Increase quantity" onPress={() => setQuantity((n) => Math.min(99, n + 1))} style={[boxOf(q.increment), { width: 30, height: 30, alignItems: 'center', justifyContent: 'center' }]}>
            <Icon name="add" size={16} color={q.increment.font.color} />
          </Pressable>
        </View>
      </View>
    </View>
  );
  const reviews = (
    <View style={{ gap: 10 }}>
      {product.reviews.length === 0 && <Body>No reviews yet.</Body>}
      {product.reviews.map((review) => (
        <View key={review.id} style={{ borderBottomWidth: 1, borderColor: theme.fixed.divider, paddingBottom: 8 }}>
          <View style={{ flexDirection: 'row', justifyContent: 'space-between' }}>
            <Body bold>{review.person}</Body>
            <Text style={{ fontSize: 11, color: theme.fixed.muted }}>{review.date}</Text>
          </View>
          <Stars value={review.stars} size={12} />
          <Body style={{ fontSize: 13, marginTop: 4 }}>{review.text}</Body>
        </View>
      ))}
    </View>
  );
  const tabButton = (key: 'details' | 'reviews', label: string) => (
    <Pressable key={key} accessibilityRole="tab" accessibilityState={{ selected: tab === key }} onPress={() => setTab(key)} style={{ flex: 1, paddingVertical: 10, alignItems: 'center', borderBottomWidth: 3, borderColor: tab === key ? c.primary : 'transparent' }}>
      <Text style={{ fontWeight: '600', color: tab === key ? c.primary : theme.fixed.muted }}>{label}</Text>
    </Pressable>
  );
  const accordion = (key: 'details' | 'reviews', label: string, body: ReactNode) => (
    <View key={key} style={{ borderBottomWidth: 1, borderColor: theme.fixed.divider }}>
      <Pressable onPress={() => setPanel(panel === key ? null : key)} style={{ flexDirection: 'row', justifyContent: 'space-between', paddingVertical: 12 }}>
        <Body bold>{label}</Body>
        <View style={{ transform: [{ rotate: panel === key ? '180deg' : '0deg' }] }}>
          <Icon name="expand-more" color={theme.colors.bodyColor} />
        </View>
      </Pressable>
      {panel === key && <View style={{ paddingBottom: 12 }}>{body}</View>}
    </View>
  );
  const body = theme.productDetailsBody.theme;
  return (
    <View style={{ flex: 1 }}>
      <ScrollView contentContainerStyle={{ paddingBottom: 24 }}>
        <Picture uri={product.image} style={{ height: 250, backgroundColor: theme.fixed.surface }} />
        <View style={{ backgroundColor: c.backgroundColor, borderTopLeftRadius: 20, borderTopRightRadius: 20, marginTop: -18, padding: 16 }}>
          <Body bold style={{ fontSize: 18 }}>
            {product.title}
          </Body>
          <View style={{ flexDirection: 'row', alignItems: 'center', gap: 8, marginTop: 8, marginBottom: 14 }}>
            <Text style={{ fontSize: 20, fontWeight: '700', color: theme.measurementItem.priceFontColor }}>{formatPrice(product.price)}</Text>
            <Text style={{ color: theme.fixed.muted, textDecorationLine: 'line-through' }}>{formatPrice(product.maxPrice)}</Text>
            <View style={{ marginLeft: 'auto', flexDirection: 'row', alignItems: 'center', gap: 4 }}>
              <Stars value={averageStars(product.reviews)} />
              <Text style={{ fontSize: 12, color: theme.fixed.muted }}>{'(' + String(product.reviews.length) + ')'}</Text>
            </View>
          </View>
          {body === 'theme_b' && (
            <>
              <View style={{ flexDirection: 'row', borderBottomWidth: 1, borderColor: theme.fixed.divider, marginBottom: 12 }}>
                {tabButton('details', 'Details')}
                {tabButton('reviews', 'Reviews')}
              </View>
              {tab === 'details' ? details : reviews}
            </>
          )}
          {body === 'theme_c' && (
            <>
              {accordion('details', 'Details', details)}
              {accordion('reviews', 'Reviews', reviews)}
            </>
          )}
          {body === 'theme_a' && (
            <>
              <Body bold style={{ marginBottom: 8 }}>
                Details
              </Body>
              {details}
              <Body bold style={{ marginTop: 18, marginBottom: 8 }}>
                Reviews
              </Body>
              {reviews}
            </>
          )}
        </View>
      </ScrollView>
      <CallToAction liked={liked} onLike={() => setLiked(!liked)} onBack={back} onAdd={add} />
    </View>
  );
}

function CallToAction({ liked, onLike, onBack, onAdd }: { liked: boolean; onLike: () => void; onBack: () => void; onAdd: () => void }) {
  const cta = theme.productDetailsCTA;
  const insets = useSafeAreaInsets();
  const heart = (
    <Pressable accessibilityLabel={liked ? 'Remove from favourites' : 'Add to favourites'} onPress={onLike} style={[boxOf(cta.secondary), { width: 46, height: 46, alignItems: 'center', justifyContent: 'center', borderRadius: cta.borderRadius }]}>
      <Icon name={liked ? 'favorite' : 'favorite-border'} color={liked ? theme.fixed.danger : cta.secondary.font.color} />
    </Pressable>
  );
  const goBack = (
    <Pressable accessibilityRole="button" onPress={onBack} style={[boxOf(cta.secondary), styles.button, { flex: 1, height: 46, paddingVertical: 0, borderRadius: cta.borderRadius }]}>
      <Text style={textOf(cta.secondary.font, true)}>Go Back</Text>
    </Pressable>
  );
  const add = (
    <Pressable accessibilityRole="button" onPress={onAdd} style={[boxOf(cta.primary), styles.button, { flex: 1.4, height: 46, paddingVertical: 0, flexDirection: 'row', gap: 6, borderRadius: cta.borderRadius }]}>
      <Icon name="shopping-bag" size={18} color={cta.primary.font.color} />
      <Text style={textOf(cta.primary.font, true)}>Add to Cart</Text>
    </Pressable>
  );
  const bar = [{ flexDirection: 'row' as const, gap: 8, paddingTop: 10, paddingHorizontal: 12, paddingBottom: Math.max(14, insets.bottom), backgroundColor: cta.background }, shadow(6)];
  if (cta.theme === 'theme_b') {
    return (
      <View style={[bar, { flexDirection: 'column' }]}>
        <View style={{ flexDirection: 'row', gap: 8 }}>
          {add}
          {heart}
        </View>
        {goBack}
      </View>
    );
  }
  if (cta.theme === 'theme_c') {
    return (
      <View style={[bar, { margin: 12, marginBottom: Math.max(12, insets.bottom), paddingBottom: 10, borderRadius: cta.borderRadius + 12 }]}>
        {heart}
        {goBack}
        {add}
      </View>
    );
  }
  return (
    <View style={bar}>
      {goBack}
      {add}
      {heart}
    </View>
  );
}
`,
  ],
  [
    'src/screens/CartScreen.tsx',
    `/** The cart: its lines with quantities, the Total, Keep Shopping and Checkout. */
import { Pressable, ScrollView, Text, View } from 'react-native';
import { formatPrice, truncate } from '../format';
import { useStore } from '../store';
import { theme } from '../theme';
import { Body, Icon, OutlineButton, Picture, PrimaryButton, shadow } from '../ui';

export function CartScreen() {
  const { cart, cartTotal, setQuantity, open, go } = useStore();
  const m = theme.measurementItem;
  return (
    <ScrollView contentContainerStyle={{ padding: 12, gap: 10 }}>
      {cart.length === 0 && <Body style={{ textAlign: 'center', marginVertical: 24 }}>Your cart is empty.</Body>}
      {cart.map((line, index) => (
        <View key={String(line.product.id) + '-' + String(line.size)} style={[{ flexDirection: 'row', alignItems: 'center', gap: 12, padding: 10, borderRadius: 14, backgroundColor: theme.fixed.surface }, shadow(1)]}>
          <Picture uri={line.product.image} style={{ width: 62, height: 62, borderRadius: 10 }} />
          <View style={{ flex: 1 }}>
            <Text numberOfLines={1} style={{ fontWeight: '600', color: m.mainFontColor }}>
              {truncate(line.product.name, 28)}
            </Text>
            <Text numberOfLines={1} style={{ fontSize: 12, color: m.secondaryFontColor }}>
              {line.size ? 'Size ' + line.size : truncate(line.product.shortDescription, 28)}
            </Text>
            <Text style={{ fontWeight: '700', color: m.priceFontColor }}>{formatPrice(line.product.price)}</Text>
          </View>
          <View style={{ flexDirection: 'row', alignItems: 'center', gap: 6 }}>
            <Pressable accessibilityLabel="Decrease quantity" onPress={() => setQuantity(index, line.quantity - 1)}>
              <Icon name="remove" size={18} color={theme.fixed.muted} />
            </Pressable>
            <Text style={{ color: theme.fixed.onSurface, minWidth: 18, textAlign: 'center' }}>{line.quantity}</Text>
            <Pressable accessibilityLabel="Increase quantity" onPress={() => setQuantity(index, line.quantity + 1)}>
              <Icon name="add" size={18} color={theme.fixed.muted} />
            </Pressable>
          </View>
        </View>
      ))}
      <View style={{ flexDirection: 'row', justifyContent: 'space-between', alignItems: 'center', marginVertical: 12, marginHorizontal: 4 }}>
        <Body style={{ fontSize: 16 }}>Total</Body>
        <Body bold style={{ fontSize: 20 }}>
          {formatPrice(cartTotal)}
        </Body>
      </View>
      <View style={{ flexDirection: 'row', gap: 10 }}>
        <OutlineButton label="Keep Shopping" onPress={() => open({ name: 'home' })} style={{ flex: 1 }} />
        <PrimaryButton label="Checkout" disabled={cart.length === 0} onPress={() => go({ name: 'checkout' })} style={{ flex: 1 }} />
      </View>
    </ScrollView>
  );
}
`,
  ],
  [
    'src/screens/CheckoutScreen.tsx',
    `/** The checkout: Deliver To, Mode of Delivery, Order Summary, Payment Mode and Place Order (sample address and payment: nothing is charged). */
import { useState } from 'react';
import { Pressable, ScrollView, Text, View } from 'react-native';
import { formatPrice } from '../format';
import { useStore } from '../store';
import { theme } from '../theme';
import { Icon, PrimaryButton, Section, type IconName } from '../ui';

/** Text on the white cards. */
function T({ children, bold = false }: { children: string; bold?: boolean }) {
  return <Text style={{ color: theme.fixed.onSurface, fontSize: 14, fontWeight: bold ? '700' : '400' }}>{children}</Text>;
}

const CUSTOMER = { name: 'Ada Obi', address: '14 Marina Road, Lagos', phone: '+234 801 234 5678' };
const DELIVERY = [
  { key: 'home', icon: 'local-shipping', label: 'Home delivery', detail: 'Arrives in 2-3 days', fee: 0 },
  { key: 'store', icon: 'store', label: 'Pick up in store', detail: 'Ready tomorrow', fee: 0 },
] as const;
const PAYMENT = [
  { key: 'card', icon: 'credit-card', label: 'Card', detail: '•••• 4242' },
  { key: 'cash', icon: 'payments', label: 'Pay on delivery', detail: 'Cash or transfer' },
] as const;

function Option({ icon, label, detail, selected, onPress }: { icon: IconName; label: string; detail: string; selected: boolean; onPress: () => void }) {
  const primary = theme.colors.primary;
  return (
    <Pressable
      accessibilityRole="radio"
      accessibilityState={{ checked: selected }}
      onPress={onPress}
      style={{ flexDirection: 'row', alignItems: 'center', gap: 10, padding: 10, borderRadius: 12, borderWidth: 1.5, borderColor: selected ? primary : theme.fixed.divider, marginBottom: 8, backgroundColor: selected ? theme.colors.primaryLight : theme.fixed.surface }}
    >
      <Icon name={icon} color={selected ? primary : theme.fixed.muted} />
      <View style={{ flex: 1 }}>
        <Text style={{ fontWeight: '700', fontSize: 13, color: theme.fixed.onSurface }}>{label}</Text>
        <Text style={{ fontSize: 12, color: theme.fixed.muted }}>{detail}</Text>
      </View>
      <View style={{ width: 18, height: 18, borderRadius: 9, borderWidth: 2, borderColor: selected ? primary : theme.fixed.muted, alignItems: 'center', justifyContent: 'center' }}>
        {selected && <View style={{ width: 8, height: 8, borderRadius: 4, backgroundColor: primary }} />}
      </View>
    </Pressable>
  );
}

export function CheckoutScreen() {
  const { cart, cartTotal, cartCount, placeOrder } = useStore();
  const [delivery, setDelivery] = useState<(typeof DELIVERY)[number]['key']>('home');
  const [payment, setPayment] = useState<(typeof PAYMENT)[number]['key']>('card');
  const fee = DELIVERY.find((mode) => mode.key === delivery)?.fee ?? 0;
  const row = (label: string, value: string, strong = false) => (
    <View style={{ flexDirection: 'row', justifyContent: 'space-between', paddingVertical: 3 }}>
      <T bold={strong}>{label}</T>
      <T bold={strong}>{value}</T>
    </View>
  );
  return (
    <ScrollView contentContainerStyle={{ paddingVertical: 12 }}>
      <Section title="Deliver To">
        <View style={{ flexDirection: 'row', gap: 10 }}>
          <Icon name="place" color={theme.colors.primary} />
          <View style={{ flex: 1 }}>
            <T bold>{CUSTOMER.name}</T>
            <Text style={{ fontSize: 13, color: theme.fixed.muted }}>{CUSTOMER.address + ' · ' + CUSTOMER.phone}</Text>
          </View>
        </View>
      </Section>
      <Section title="Mode of Delivery">
        {DELIVERY.map((mode) => (
          <Option key={mode.key} icon={mode.icon} label={mode.label} detail={mode.detail} selected={delivery === mode.key} onPress={() => setDelivery(mode.key)} />
        ))}
      </Section>
      <Section title="Order Summary">
        {row(String(cartCount) + (cartCount === 1 ? ' item' : ' items'), formatPrice(cartTotal))}
        {row('Delivery', formatPrice(fee))}
        {row('Total', formatPrice(cartTotal + fee), true)}
      </Section>
      <Section title="Payment Mode">
        {PAYMENT.map((mode) => (
          <Option key={mode.key} icon={mode.icon} label={mode.label} detail={mode.detail} selected={payment === mode.key} onPress={() => setPayment(mode.key)} />
        ))}
      </Section>
      <View style={{ paddingHorizontal: 12, paddingBottom: 16 }}>
        <PrimaryButton label="Place Order" disabled={cart.length === 0} onPress={() => placeOrder(CUSTOMER.name, fee)} />
      </View>
    </ScrollView>
  );
}
`,
  ],
  [
    'src/screens/OrderHistoryScreen.tsx',
    `/** The order history: the orders placed in this session, then sample orders, each with its status colour. */
import { ScrollView, Text, View } from 'react-native';
import { formatPrice } from '../format';
import { useStore, type OrderStatus } from '../store';
import { theme } from '../theme';
import { shadow } from '../ui';

const STATUS_COLOURS: Record<OrderStatus, string> = {
  created: theme.fixed.status.created,
  processing: theme.fixed.status.processing,
  'in-transit': theme.fixed.status.inTransit,
  'order-arrived': theme.fixed.status.arrived,
  delivered: theme.fixed.status.delivered,
};

export function OrderHistoryScreen() {
  const { orders } = useStore();
  return (
    <ScrollView contentContainerStyle={{ padding: 12, gap: 10 }}>
      {orders.map((order) => {
        const colour = STATUS_COLOURS[order.status];
        return (
          <View key={order.orderNo} style={[{ backgroundColor: theme.fixed.surface, borderRadius: 14, padding: 12, borderLeftWidth: 4, borderLeftColor: colour }, shadow(1)]}>
            <View style={{ flexDirection: 'row', justifyContent: 'space-between', alignItems: 'center' }}>
              <Text style={{ fontWeight: '700', color: theme.fixed.onSurface }}>{'Order ' + order.orderNo}</Text>
              <Text style={{ fontSize: 11, fontWeight: '700', color: colour, borderWidth: 1, borderColor: colour, borderRadius: 999, paddingHorizontal: 8, paddingVertical: 2, textTransform: 'capitalize' }}>
                {order.status.replace('-', ' ')}
              </Text>
            </View>
            <View style={{ flexDirection: 'row', justifyContent: 'space-between', marginTop: 6 }}>
              <Text style={{ fontSize: 13, color: theme.fixed.muted }}>{order.userName + ' · ' + String(order.items) + (order.items === 1 ? ' item' : ' items')}</Text>
              <Text style={{ fontWeight: '700', color: theme.fixed.onSurface }}>{formatPrice(order.amount)}</Text>
            </View>
          </View>
        );
      })}
    </ScrollView>
  );
}
`,
  ],
];
