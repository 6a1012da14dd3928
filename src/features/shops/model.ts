/**
 * The shop setup form as pure logic (spec section 5): what the form holds, the shop it stands
 * for, the first check that fails, and the POST /v1/shops payload. Unit-tested at its boundaries.
 */
import type { CreateShopPayload, FindShopAnswer, Place } from '@contract/shops/schemas';
import { shopSetupError, type ShopSetupFields } from '@contract/shops/setup-checks';

export interface SetupForm {
  name: string;
  /** URL of the uploaded (cropped) logo, '' until one is uploaded. */
  logo: string;
  /** The place picked from the search or from 'use my location'. */
  place: Place | null;
  /** 0 is "no currency" (spec section 5). */
  currencyId: number;
}

export const EMPTY_SETUP_FORM: SetupForm = { name: '', logo: '', place: null, currencyId: 0 };

/** The shop the form stands for; null while the merchant has entered nothing at all. */
export function shopDraft(form: SetupForm): ShopSetupFields | null {
  const untouched = form.name.trim() === '' && form.logo === '' && form.place === null && form.currencyId === 0;
  if (untouched) return null;
  return {
    name: form.name,
    logo: form.logo,
    latitude: form.place?.latitude ?? null,
    longitude: form.place?.longitude ?? null,
    shopCurrency: { currencyId: form.currencyId },
  };
}

/** The message of the first setup check that fails, or null when the shop may be created. */
export function setupMessage(form: SetupForm): string | null {
  return shopSetupError(shopDraft(form));
}

export function createShopPayload(form: SetupForm): CreateShopPayload {
  const place = form.place;
  return {
    name: form.name.trim(),
    logo: form.logo,
    latitude: place?.latitude,
    longitude: place?.longitude,
    address: place ? { name: place.name, description: place.description, latitude: place.latitude, longitude: place.longitude } : undefined,
    shopCurrency: { currencyId: form.currencyId },
  };
}

/** What the name field says about the name being typed (null: nothing to say yet). */
export function nameHint(name: string, answer: FindShopAnswer | undefined): { error: boolean; text: string } | null {
  if (name.trim().length === 0 || !answer || answer.shopName !== name.trim()) return null;
  if (answer.available) return { error: false, text: `Available: your app's address will use "${answer.slugName || 'a generated name'}".` };
  return { error: true, text: answer.message ?? 'This name cannot be used.' };
}
