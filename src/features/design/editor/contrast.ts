/**
 * The WCAG AA contrast check of a design's text colours (contract/colour.ts's luminance).
 */
import { READABLE_CONTRAST, contrastRatio } from '@contract/colour';
import type { Creation } from '@contract/design/schemas';

const WCAG_AA = READABLE_CONTRAST;

export interface ContrastWarning {
  text: string;
  ratio: number;
}

const PAIRS: ReadonlyArray<{ text: string; foreground: (c: Creation) => string; background: (c: Creation) => string }> = [
  { text: 'Toolbar text on the primary colour', foreground: (c) => c.colors.toolBarForeground, background: (c) => c.colors.primary },
  { text: 'Button text on the primary colour', foreground: (c) => c.colors.buttonForeground, background: (c) => c.colors.primary },
  { text: 'Body text on the background colour', foreground: (c) => c.colors.bodyColor, background: (c) => c.colors.backgroundColor },
];

/** Each text/colour pair of the design whose contrast falls below WCAG AA (4.5:1). */
export function contrastWarnings(creation: Creation): ContrastWarning[] {
  return PAIRS.flatMap(({ text, foreground, background }) => {
    const ratio = contrastRatio(foreground(creation), background(creation));
    return ratio < WCAG_AA ? [{ text: `${text} has a contrast of ${ratio.toFixed(1)}:1, below the ${WCAG_AA}:1 WCAG AA asks for.`, ratio }] : [];
  });
}
