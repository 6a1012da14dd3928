/**
 * Spec section 5, shop setup checks in order: the first failing check's message, or null. Pure
 * and zod-free: the setup page runs it before submitting, the server on every create and update.
 */
import { CONSTANTS } from '../constants';

export const SHOP_SETUP_MESSAGES = {
  shop: 'Please set up your business',
  name: 'Please enter a business name',
  logo: 'Please upload a business logo',
  address: 'Please enter a business address',
  currency: 'Please select a currency for your business',
} as const;

export interface ShopSetupFields {
  name?: string | null;
  logo?: string | null;
  latitude?: number | string | null;
  longitude?: number | string | null;
  shopCurrency?: { currencyId?: number | null } | null;
}

/** Missing, or shorter than the spec's minimum (3 characters) once written out. */
function tooShort(value: string | number | null | undefined): boolean {
  if (value === null || value === undefined) return true;
  return String(value).trim().length < CONSTANTS.shopFieldMinLength;
}

export function shopSetupError(shop: ShopSetupFields | null | undefined): string | null {
  if (!shop) return SHOP_SETUP_MESSAGES.shop;
  if (tooShort(shop.name)) return SHOP_SETUP_MESSAGES.name;
  if (tooShort(shop.logo)) return SHOP_SETUP_MESSAGES.logo;
  if (tooShort(shop.latitude) || tooShort(shop.longitude)) return SHOP_SETUP_MESSAGES.address;
  if (!shop.shopCurrency?.currencyId) return SHOP_SETUP_MESSAGES.currency;
  return null;
}
