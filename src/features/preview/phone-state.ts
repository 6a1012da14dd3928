/**
 * The state of the phone preview (the page, the drawer, the product, the size...) and how a
 * tap changes it; PhoneScreen.tsx draws it and sends taps back as actions.
 */
import type { Screen } from './screens';
import { backTarget, bottomNavTarget } from './navigation';

export interface Selections {
  screen: Screen;
  drawerOpen: boolean;
  slide: number;
  productId?: number;
  categoryId?: number;
  size?: string;
  quantity: number;
  detailsTab: 'pd' | 'rv';
  accordion: 'pd' | 'rv' | null;
  liked: boolean;
  addedToCart: boolean;
}

export const initialSelections = (screen: Screen = 'home-page'): Selections => ({
  screen,
  drawerOpen: false,
  slide: 0,
  quantity: 1,
  detailsTab: 'pd',
  accordion: 'pd',
  liked: false,
  addedToCart: false,
});

export type PreviewAction =
  | { type: 'go'; screen: Screen }
  | { type: 'back' }
  | { type: 'menu'; open: boolean }
  | { type: 'bottom-nav'; key: string }
  | { type: 'product'; id: number }
  | { type: 'category'; id: number }
  | { type: 'size'; name: string }
  | { type: 'quantity'; delta: number }
  | { type: 'tab'; tab: 'pd' | 'rv' }
  | { type: 'accordion'; panel: 'pd' | 'rv' }
  | { type: 'like' }
  | { type: 'add-to-cart' }
  | { type: 'dialog'; checkout: boolean }
  | { type: 'slide'; count: number };

/** Every tap inside the phone, as a pure state change. */
export function reducePreview(state: Selections, action: PreviewAction): Selections {
  switch (action.type) {
    case 'go':
      return { ...state, screen: action.screen, drawerOpen: false, addedToCart: false };
    case 'back': {
      const target = backTarget(state.screen);
      return target ? { ...state, screen: target } : state;
    }
    case 'menu':
      return { ...state, drawerOpen: action.open };
    case 'bottom-nav': {
      const target = bottomNavTarget(action.key);
      return target ? { ...state, screen: target, drawerOpen: false } : state;
    }
    case 'product':
      return { ...state, screen: 'product-details', productId: action.id, size: undefined, quantity: 1, detailsTab: 'pd', accordion: 'pd', liked: false };
    case 'category':
      return { ...state, screen: 'product-list', categoryId: action.id };
    case 'size':
      return { ...state, size: action.name };
    case 'quantity':
      return { ...state, quantity: Math.min(99, Math.max(1, state.quantity + action.delta)) };
    case 'tab':
      return { ...state, detailsTab: action.tab };
    case 'accordion':
      return { ...state, accordion: state.accordion === action.panel ? null : action.panel };
    case 'like':
      return { ...state, liked: !state.liked };
    case 'add-to-cart':
      return { ...state, addedToCart: true };
    case 'dialog':
      return action.checkout ? { ...state, addedToCart: false, screen: 'check-out' } : { ...state, addedToCart: false };
    case 'slide':
      return { ...state, slide: action.count > 0 ? (state.slide + 1) % action.count : 0 };
  }
}
