/**
 * A Creation's style values as CSS: gradients, corners, borders, shadows and font stacks.
 */
import { CONSTANTS } from '@contract/constants';
import type { Creation, GradientDirection } from '@contract/design/schemas';
import { cssColour } from '@contract/colour';

const DIRECTION_ANGLE: Record<GradientDirection, string> = {
  'left-to-right': '90deg',
  'top-to-bottom': '180deg',
  'top-to-bottom-diagonal': '135deg',
  'bottom-to-top-diagonal': '45deg',
};

/** A two-colour gradient; spread is where the second colour takes over (1: an even blend). */
export function gradientCss(gradient: Creation['toolBar']['gradient']): string {
  const [from, to] = gradient.colors;
  const stop = Math.round(gradient.spread * 100);
  return `linear-gradient(${DIRECTION_ANGLE[gradient.direction]}, ${cssColour(from)} 0%, ${cssColour(to)} ${stop}%)`;
}

type Corners = Creation['measurementItem']['borderRadius'];

/** Four corner radii; with alternate corners every other item mirrors them left to right. */
export function radiusCss(corners: Corners, alternate = false, index = 0): string {
  const flip = alternate && index % 2 === 1;
  const { topLeft, topRight, bottomRight, bottomLeft } = corners;
  return flip ? `${topRight}px ${topLeft}px ${bottomLeft}px ${bottomRight}px` : `${topLeft}px ${topRight}px ${bottomRight}px ${bottomLeft}px`;
}

export function borderCss(border: Creation['homeCategories']['border']): string {
  return border.type === 'none' || border.width === 0 ? 'none' : `${border.width}px solid ${cssColour(border.color)}`;
}

/** Material-like elevation: 0 none, 24 the deepest. */
export function elevationCss(elevation: number): string {
  if (elevation <= 0) return 'none';
  return `0 ${Math.round(elevation / 2)}px ${elevation * 2}px rgba(17,24,39,${Math.min(0.32, 0.08 + elevation * 0.02).toFixed(2)})`;
}

/** The item shadow: spread scaled by the spec's 1.68. */
export function itemShadowCss(spread: number, colour: string): string {
  return spread <= 0 ? 'none' : `0 ${Math.round(spread / 2)}px ${Math.round(spread * CONSTANTS.previewItemSpread)}px ${cssColour(colour)}`;
}

/** A CSS font stack for a design's font family (every one falls back to the system sans). */
export function fontStack(family: string): string {
  const generic = family === 'Great Vibes' ? 'cursive' : family === 'Courier New' ? 'monospace' : family === 'Georgia' ? 'serif' : 'sans-serif';
  return `"${family.replace(/["\\]/g, '')}", ${generic}`;
}
