/** What the artifact makers receive and give back (issue 31). Pure data: no database, no HTTP. */
import type { Creation } from '@contract/design/schemas';

/** Everything a build bakes into its artifacts, read once by the pipeline's `validating` stage. */
export interface BuildInput {
  shop: {
    alias: string;
    name: string;
    slogan: string;
    /** The shop currency's symbol (e.g. '$'). */
    currencySymbol: string;
  };
  /** The Creation of the version the build pinned, parsed by `creationSchema` (colours as #RRGGBBAA). */
  creation: Creation;
  creationVersion: number;
  release: { version: string };
  /** 1, 2, 3… per app. */
  buildNumber: number;
  /** The public origin (PUBLIC_ORIGIN): where the web app will be served from. */
  origin: string;
}

/** Files by their path inside the artifact (forward slashes, no leading slash). */
export type ArtifactFiles = Map<string, Uint8Array>;

/** The app icons made from the shop's logo (PNG bytes). */
export interface IconSet {
  /** 192 × 192, the logo on the theme colour, `purpose: any`. */
  icon192: Uint8Array;
  /** 512 × 512, `purpose: any`. */
  icon512: Uint8Array;
  /** 512 × 512, the logo inside the maskable safe zone (80 % circle), full-bleed background. */
  maskable512: Uint8Array;
  /** 180 × 180 for iOS home screens. */
  appleTouch180: Uint8Array;
  /** 1024 × 1024, the store icon of the native project (no transparency). */
  icon1024: Uint8Array;
  /** 1024 × 1024, Android adaptive icon foreground (transparent, logo in the 66 % safe zone). */
  adaptiveForeground1024: Uint8Array;
  /** 1284 × 2778, the splash screen: the logo centred on the splash background colour. */
  splash: Uint8Array;
}

/** A failure the merchant can fix (the pipeline turns it into the build's error). */
export class ArtifactInputError extends Error {
  constructor(
    readonly code: 'LOGO_UNREADABLE' | 'CREATION_INVALID',
    message: string,
  ) {
    super(message);
  }
}
