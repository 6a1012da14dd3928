/**
 * An edit as the patch useDesignDoc().applyEdit takes: spec section 4's colour derivation, the
 * bottom bar closing the side drawer, and the inverse an undo applies.
 */
import { deriveBackground, normaliseColour } from '@contract/colour';
import { brandColourPatch, handSetPatch, isDerivedPath } from '@contract/design/derived';
import { type Creation, defaultCreation } from '@contract/design/schemas';
import { COLOUR, valueAt } from './controls';

const DEFAULTS = defaultCreation();

export type Patch = Record<string, unknown>;

/**
 * The patch that sets `path` to `value` in `creation`, with what it derives (spec section 4):
 * primary and accent -> their shades, the toolbar text, and every field that follows them and
 * was not set by hand (contract/design/derived.ts); background -> the body colour. A hand edit
 * of such a field is recorded, so the brand colours never overwrite it. Turning the bottom nav
 * bar on closes the side drawer (spec section 2). Colours are stored in the web form.
 */
export function editPatch(creation: Creation, path: string, value: unknown): Patch {
  const colour = typeof value === 'string' ? normaliseColour(value) : undefined;
  switch (path) {
    case 'colors/primary':
      return brandColourPatch(creation, 'primary', String(value));
    case 'colors/accent':
      return brandColourPatch(creation, 'accent', String(value));
    case 'colors/backgroundColor': {
      if (!colour) return {};
      const derived = deriveBackground(colour);
      return { 'colors/backgroundColor': derived.backgroundColor, 'colors/bodyColor': derived.bodyColor };
    }
    case 'bottomNavBar/isShow':
    case 'appTemplate/hasBottomNavBar':
      return value === true
        ? { 'bottomNavBar/isShow': true, 'appTemplate/hasBottomNavBar': true, 'appTemplate/hasSideNavBar': false }
        : { 'bottomNavBar/isShow': false, 'appTemplate/hasBottomNavBar': false };
    default: {
      const stored = Array.isArray(value) ? value.map((item) => (typeof item === 'string' ? normaliseColour(item) : undefined)) : undefined;
      if (stored?.every((item) => item !== undefined) && isDerivedPath(path)) return { [path]: stored, ...handSetPatch(creation, path, stored) };
      if (typeof value === 'string' && COLOUR.test((valueAt(DEFAULTS, path) as string | undefined) ?? ''))
        return colour ? { [path]: colour, ...handSetPatch(creation, path, colour) } : {};
      return { [path]: value };
    }
  }
}

/** Choosing one of the 46 backgrounds: the splash background shows it, the design lists it. */
export function backgroundImagePatch(image: { name: string; image: string }): Patch {
  return {
    'splashScreen/background/type': 'image',
    'splashScreen/background/image': { fullUrl: image.image, value: image.name },
    backgroundImages: [image.name],
  };
}

/** The values `patch` overwrites, as the patch that puts them back (undo). */
export function inversePatch(creation: Creation, patch: Patch): Patch {
  return Object.fromEntries(Object.keys(patch).map((path) => [path, valueAt(creation, path) ?? null]));
}

/** True when the patch changes nothing (a repeated pick is not an undo step). */
export function isNoOp(creation: Creation, patch: Patch): boolean {
  return Object.entries(patch).every(([path, value]) => JSON.stringify(valueAt(creation, path)) === JSON.stringify(value));
}
