/**
 * Draws every picture of the sample catalogue (server/src/db/sample-catalogue/data.ts) and
 * writes them as WebP files under public/catalogue/<kind>/<slug>.<8-hex hash>.webp, plus
 * server/src/db/sample-catalogue/images.json (logical image key -> /catalogue/... URL).
 *
 *   npx tsx scripts/make-sample-catalogue.ts
 *
 * Renders with the system Chromium (never downloads a browser): canvas 2D drawing in one page,
 * then canvas.toDataURL('image/webp', quality). The art is generated: a gradient backdrop in a
 * palette per super-category, and 3D-ish objects built from Material icon paths (read out of
 * node_modules/@mui/icons-material) or a few shapes drawn here, extruded, shaded and lit, with
 * per-picture variations of colour, angle, layout and accent shapes. Every random choice comes
 * from a generator seeded with the image key, so a second run writes identical files.
 *
 * Each file must stay within 30 KB: the quality steps down until it fits, else the run fails.
 * Files of a previous run are removed (the whole public/catalogue folder is rewritten).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { BACKGROUND_IMAGES, SAMPLE_CATALOGUE } from '../server/src/db/sample-catalogue/data';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const OUT_DIR = `${ROOT}public/catalogue/`;
const IMAGES_JSON = `${ROOT}server/src/db/sample-catalogue/images.json`;
const ICONS_DIR = `${ROOT}node_modules/@mui/icons-material/`;
const FONTS_DIR = `${ROOT}node_modules/@fontsource/roboto/files/`;
const MAX_BYTES = 30 * 1024;
const QUALITIES = [0.86, 0.8, 0.74, 0.68, 0.6, 0.52, 0.44, 0.36];
const KINDS = ['products', 'categories', 'slides', 'backgrounds', 'category-backgrounds'] as const;
type Kind = (typeof KINDS)[number];

// ---------------------------------------------------------------------------------------------
// Art direction (node side): palettes, motifs, custom shapes
// ---------------------------------------------------------------------------------------------

/** A super-category's look: pastel backdrop, a deep colour for text and shadows, object tones. */
interface Palette {
  bg: [string, string];
  deep: string;
  accent: string;
  tones: string[];
}

const PALETTES: Record<string, Palette> = {
  electronics: { bg: ['#EEF0FF', '#CDD5FF'], deep: '#1E2470', accent: '#8C9BFF', tones: ['#4F5BD5', '#7C4DFF', '#0096E6', '#2E3A8C', '#FF6B8B', '#3D4A5C'] },
  fashion: { bg: ['#FFF0F3', '#FFCFDB'], deep: '#6E1840', accent: '#FF8FB1', tones: ['#E0467C', '#B0307A', '#E89B2C', '#2D2D3A', '#B98A68', '#8E5CF7'] },
  health: { bg: ['#E8FAF3', '#BEEBDC'], deep: '#0C5548', accent: '#72DCC0', tones: ['#12A07F', '#2FB9C4', '#F0857E', '#7A6CF0', '#E9A93F', '#3E8E6A'] },
  autos: { bg: ['#EEF1F5', '#CBD3DE'], deep: '#18222D', accent: '#FF8A5B', tones: ['#E4572E', '#2F3E4E', '#F3A712', '#3F88C5', '#5F6B78', '#C0392B'] },
  sports: { bg: ['#EDFBEA', '#C3EFBB'], deep: '#12492A', accent: '#8BE27F', tones: ['#16A34A', '#F97316', '#2563EB', '#E0A800', '#0F766E', '#DC2626'] },
  groceries: { bg: ['#F6FBEA', '#DDF0B9'], deep: '#35510E', accent: '#B5E36B', tones: ['#5FA12F', '#E94B3C', '#F29A16', '#B9793E', '#2F8A55', '#E4B931'] },
  'fast-food': { bg: ['#FFF4E8', '#FFD2AA'], deep: '#6E260C', accent: '#FFA65C', tones: ['#F0641E', '#D62828', '#F2A516', '#8C4A2F', '#E63956', '#F7B500'] },
  home: { bg: ['#FBF4EC', '#EBD7C2'], deep: '#4E3222', accent: '#E2B793', tones: ['#C8734E', '#7A8B6F', '#D39B35', '#5E6C84', '#A0522D', '#9C8A70'] },
  phones: { bg: ['#EAF7FF', '#BDE4FA'], deep: '#0A4563', accent: '#7DD3FC', tones: ['#0EA5E9', '#1E3A5F', '#14B8A6', '#6366F1', '#F43F5E', '#334155'] },
  baby: { bg: ['#FFF5EC', '#FADDEC'], deep: '#5E3352', accent: '#FFC4DD', tones: ['#F08DB8', '#6FB3F2', '#F5BE3C', '#59C98D', '#A98BF5', '#FF8F6B'] },
  computers: { bg: ['#EDF3F8', '#C8DAEA'], deep: '#0F2740', accent: '#93C5FD', tones: ['#2563EB', '#1E293B', '#0D9488', '#7C3AED', '#475569', '#E8940B'] },
};

/** Splash/login background palettes: [base, base end, shape, highlight]. */
const BACKGROUND_PALETTES: Record<string, [string, string, string, string]> = {
  aurora: ['#0A1030', '#14335E', '#2EE6A8', '#8A5CF6'],
  coral: ['#FF7A6B', '#FFB199', '#FFE3D6', '#7A2E6E'],
  lagoon: ['#0A4466', '#0FA3A3', '#8FE3CF', '#E8FFF8'],
  dusk: ['#2A1A4A', '#7A3E8F', '#F08A5D', '#FFC6A5'],
  citrus: ['#FFB238', '#FFD56B', '#FFF3B0', '#13A89E'],
  forest: ['#0B3D2E', '#1E6F50', '#7CC47F', '#E7F5DC'],
  berry: ['#3A0C3D', '#8E2C6E', '#E0479E', '#FFB3D9'],
  midnight: ['#070B1E', '#151F4A', '#3D4FC4', '#A7B0FF'],
  blush: ['#FFF1F3', '#F9C7D2', '#E98AA6', '#B8436A'],
  ocean: ['#03256C', '#1768AC', '#06BEE1', '#BFF3FF'],
  ember: ['#1C0906', '#7F1D1D', '#F97316', '#FACC15'],
  mint: ['#EFFFF8', '#BDF2DD', '#5ED6B0', '#1F8A70'],
  lilac: ['#F5F0FF', '#D9C8FF', '#A78BFA', '#5B3CC4'],
  sand: ['#FBF4E6', '#EBD6AE', '#D4A373', '#7F5539'],
  cobalt: ['#081A3C', '#0047AB', '#3C8DFF', '#BBD7FF'],
  peach: ['#FFF3EA', '#FFD1B3', '#FF9E7A', '#D9506F'],
};

/** Shapes Material icons lack, on the same 24 x 24 grid. */
const CUSTOM_ICONS: Record<string, { paths: string[]; evenOdd?: boolean }> = {
  Dress: {
    paths: [
      'M8 2.5h1.6c.3 1.4 1.2 2.3 2.4 2.3s2.1-.9 2.4-2.3H16l.6 4.2c.2 1.6-.3 3-1.4 4.1L20.5 21c-2.6 1.1-5.5 1.7-8.5 1.7s-5.9-.6-8.5-1.7l5.3-10.2c-1.1-1.1-1.6-2.5-1.4-4.1z',
    ],
  },
  Shirt: { paths: ['M8 3 4 5.5 2 9.5 5.5 11l1-1.5V21h11V9.5l1 1.5L22 9.5l-2-4L16 3c-.8 1.6-2.2 2.5-4 2.5S8.8 4.6 8 3z'] },
  Sweater: { paths: ['M8 3 3 6 1.5 18l3 .5L6 11v10h12V11l1.5 7.5 3-.5L21 6l-5-3c-.8 1.6-2.2 2.5-4 2.5S8.8 4.6 8 3z'] },
  Jersey: { paths: ['M8 2c0 2.5 1.8 4 4 4s4-1.5 4-4h2c0 2 .6 4 2 5v14a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7c1.4-1 2-3 2-5z'] },
  Shorts: { paths: ['M5 3h14l2 16-7 1-2-10-2 10-7-1z'] },
  Bodysuit: {
    paths: ['M8 2c0 1.7 1.8 3 4 3s4-1.3 4-3h1.5l4 3.5-2 3.5-2-1v7.5c0 1.5-1 2.8-2.5 3.3L14 22h-4l-1-3.2c-1.5-.5-2.5-1.8-2.5-3.3V8l-2 1-2-3.5L6.5 2z'],
  },
  Sneaker: {
    paths: [
      'M3 9.5C3 8.7 3.7 8 4.5 8H7c.6 0 1 .4 1 1 0 .8.8 1.5 1.7 1.5.7 0 1.3-.4 1.6-1l.5-.9 2.2 1c1.8.8 3.4 2 4.8 3.1.9.3 2.2.8 2.2 2.8v1H3zm7 4.2 5-1.2.4 1-5 1.2z',
      'M2.5 17.2h19v.8c0 1.1-.9 2-2 2h-15c-1.1 0-2-.9-2-2z',
    ],
    evenOdd: true,
  },
  Loafer: {
    paths: [
      'M3 14c0-1.4 1-2.4 2.4-2.5L9 11.2c1.5-1.2 3.6-1.6 5.6-1.2 2.8.6 5.2 2.4 6.4 4.8v1.7H3zm8-1.6c1.5-.8 3.6-.8 5.2 0l-.3.6c-1.4-.7-3.2-.7-4.6 0z',
      'M2.5 17.2h19v.8c0 1.1-.9 2-2 2h-15c-1.1 0-2-.9-2-2z',
    ],
    evenOdd: true,
  },
  EarbudsPair: {
    paths: [
      'M8 3.5a4.2 4.2 0 1 1 0 8.4 4.2 4.2 0 1 1 0-8.4zM6.6 10.5h2.8l-.3 9.2c0 .7-.5 1.3-1.1 1.3s-1.1-.6-1.1-1.3z',
      'M16 3.5a4.2 4.2 0 1 1 0 8.4 4.2 4.2 0 1 1 0-8.4zm-1.4 7h2.8l-.3 9.2c0 .7-.5 1.3-1.1 1.3s-1.1-.6-1.1-1.3z',
    ],
  },
  HandVacuum: {
    paths: [
      'M9.5 9h7a3.5 3.5 0 0 1 3.5 3.5 3.5 3.5 0 0 1-3.5 3.5h-7A3.5 3.5 0 0 1 6 12.5 3.5 3.5 0 0 1 9.5 9zm-2 1.6v3.8H11v-3.8zm7.5.9v.9h3v-.9zm0 1.8v.9h3v-.9z',
      'M6.5 10.3 1.8 12.6c-.5.2-.5.9 0 1.1l.4.2c.3.1.6.1.9 0l3.4-.2z',
      'M12.5 9V6.5A3.5 3.5 0 0 1 16 3h1.5A3.5 3.5 0 0 1 21 6.5v6h-2V6.5c0-.8-.7-1.5-1.5-1.5H16c-.8 0-1.5.7-1.5 1.5V9z',
    ],
    evenOdd: true,
  },
  Bowl: {
    paths: [
      'M5.5 11c0-3 2.9-5.2 6.5-5.2s6.5 2.2 6.5 5.2z',
      'M2.5 12h19c0 4.1-2.9 7.5-6.8 8.3l.5 1.7H8.8l.5-1.7C5.4 19.5 2.5 16.1 2.5 12z',
      'M14.6 2.2l6.6 5.2-.7.9-6.6-5.2zm-1.6 1 6.4 5.6-.8.8L12.3 4z',
    ],
  },
  Crossbody: { paths: ['M4 11c0-1.1.9-2 2-2h12c1.1 0 2 .9 2 2v8c0 1.1-.9 2-2 2H6c-1.1 0-2-.9-2-2z', 'M5 9.5 11 2.5h2l6 7h-2.2L12 3.9 7.2 9.5z'] },
  Ring: { paths: ['M12 8.5a7 7 0 1 1 0 14 7 7 0 1 1 0-14zm0 2.2a4.8 4.8 0 1 0 0 9.6 4.8 4.8 0 1 0 0-9.6z', 'M9 2h6l2 2.6-5 4.6-5-4.6z'], evenOdd: true },
  Earrings: {
    paths: [
      'M7 2a1.3 1.3 0 1 1 0 2.6A1.3 1.3 0 1 1 7 2zm-.55 2.4h1.1v7.8h-1.1zM7 12a3.7 3.7 0 1 1 0 7.4A3.7 3.7 0 1 1 7 12z',
      'M17 2a1.3 1.3 0 1 1 0 2.6A1.3 1.3 0 1 1 17 2zm-.55 2.4h1.1v7.8h-1.1zM17 12a3.7 3.7 0 1 1 0 7.4 3.7 3.7 0 1 1 0-7.4z',
    ],
  },
  Apple: {
    paths: [
      'M12 7.2c-1.4-1-3.1-1.3-4.6-.8C4.6 7.3 3.4 10.6 4.2 14c.8 3.6 3.4 7.2 5.8 7 .8-.1 1.3-.5 2-.5s1.2.4 2 .5c2.4.2 5-3.4 5.8-7 .8-3.4-.4-6.7-3.2-7.6-1.5-.5-3.2-.2-4.6.8z',
      'M11.4 6.6c-.1-1.6.4-3.2 1.5-4.3l.8.7c-.9 1-1.3 2.3-1.2 3.6z',
      'M13.2 5.2c.8-1.8 2.6-2.6 4.6-2.4-.4 1.9-2.2 3-4.6 2.4z',
    ],
  },
  Carrot: {
    paths: [
      'M3.5 20.5c-.5-.5-.5-1.2-.1-1.9L11 8.6c1.2-1.4 3.4-1.6 4.8-.4 1.3 1.3 1.2 3.5-.2 4.7L5.4 20.6c-.6.4-1.4.4-1.9-.1z',
      'M14.6 7.2c-.4-2.2.2-4.2 1.8-5.4.6 1.8.2 3.8-1 5.4z',
      'M16.6 8.6c2.2-.6 4.2-.2 5.6 1.2-1.8.8-3.8.4-5.2-.8z',
      'M15.8 7.6c1-1.8 2.6-2.8 4.6-2.9-.4 1.9-2.2 3.2-4.2 3.3z',
    ],
  },
  Loaf: {
    paths: [
      'M2.5 15C2.5 10 6.5 7 12 7s9.5 3 9.5 8v1.5c0 .8-.7 1.5-1.5 1.5H4c-.8 0-1.5-.7-1.5-1.5zm4.7-5.4L8.6 9 10 12l-1.4.6zm4-1.2 1.4-.3 1 3.3-1.4.3zm4 .4 1.4.5v3.3l-1.4-.5z',
    ],
    evenOdd: true,
  },
  MilkCarton: { paths: ['M8 2.5h8v2l2.5 4V21a1 1 0 0 1-1 1h-11a1 1 0 0 1-1-1V8.5L8 4.5zm-1 9v6h10v-6z'], evenOdd: true },
  Drumstick: {
    paths: [
      'M15 2c4 0 7 3 7 7 0 3.9-3.2 6.7-7 6l-2.8 1.8-3-3L11 11c-.7-3.8.1-9 4-9z',
      'M11.5 16.5l-3.1 3.1c.4.9.2 1.9-.5 2.5-.9.8-2.2.6-2.8-.3l-.5-.9c-.6-.1-1.2-.5-1.5-1.1-.5-1 0-2.2 1-2.6.7-.3 1.5-.1 2 .4l3.2-3.3z',
    ],
  },
  Bottle: {
    paths: ['M10 2h4v2h-4z', 'M9.8 4.8h4.4V7c2.1 1 3.3 2.6 3.3 4.5V20c0 1.1-.9 2-2 2h-7c-1.1 0-2-.9-2-2v-8.5c0-1.9 1.2-3.5 3.3-4.5zM8 13v5h8v-5z'],
    evenOdd: true,
  },
  BabyBottle: {
    paths: [
      'M10.5 2c0-.6.7-1 1.5-1s1.5.4 1.5 1l.5 2.5h-4z',
      'M8.5 5.2h7V7h-7z',
      'M9 7.8h6l1.2 2.2v10.5c0 .8-.7 1.5-1.5 1.5H9.3c-.8 0-1.5-.7-1.5-1.5V10zm.8 4.2v1h2v-1zm0 3v1h2v-1zm0 3v1h2v-1z',
    ],
    evenOdd: true,
  },
  Jar: { paths: ['M7 2.5h10V6H7z', 'M6 7h12c.6 0 1 .4 1 1v12c0 1.1-.9 2-2 2H7c-1.1 0-2-.9-2-2V8c0-.6.4-1 1-1zm1 4.5v6h10v-6z'], evenOdd: true },
  DropperBottle: {
    paths: [
      'M10.5 1.5h3c.5 0 1 .5 1 1V6h-5V2.5c0-.5.5-1 1-1z',
      'M8.5 6.5h7v2h-7z',
      'M7.5 9h9c.8 0 1.5.7 1.5 1.5V20c0 1.1-.9 2-2 2H8c-1.1 0-2-.9-2-2v-9.5C6 9.7 6.7 9 7.5 9zm.5 4v5h8v-5z',
    ],
    evenOdd: true,
  },
  Tube: { paths: ['M6 2h12v2l-1.5 13h-9L6 4z', 'M9 17.8h6V20c0 1.1-.9 2-2 2h-2c-1.1 0-2-.9-2-2z'] },
  Toothbrush: {
    paths: [
      'M10.8 10h2.4l.4 11c0 .6-.6 1-1.6 1s-1.6-.4-1.6-1z',
      'M10.6 2.2c0-.7.6-1.2 1.4-1.2s1.4.5 1.4 1.2v7h-2.8z',
      'M13.8 2h3.4v6.4h-3.4zm.7.8v4.8h.6V2.8zm1.3 0v4.8h.6V2.8z',
    ],
    evenOdd: true,
  },
  Diffuser: {
    paths: [
      'M12 8c4 0 7 3.5 7 7.5 0 3.6-3.1 6.5-7 6.5s-7-2.9-7-6.5C5 11.5 8 8 12 8z',
      'M10 4a1.3 1.3 0 1 1 0 2.6A1.3 1.3 0 1 1 10 4z',
      'M13 1.6a1.6 1.6 0 1 1 0 3.2 1.6 1.6 0 1 1 0-3.2z',
      'M15.5 4.5a1.1 1.1 0 1 1 0 2.2 1.1 1.1 0 1 1 0-2.2z',
    ],
  },
  Kettlebell: {
    paths: [
      'M12 8c4.4 0 8 3.4 8 7.6 0 2.4-1.1 4.5-2.9 5.9-.3.3-.7.5-1.2.5H8.1c-.5 0-.9-.2-1.2-.5C5.1 20.1 4 18 4 15.6 4 11.4 7.6 8 12 8z',
      'M7.5 9.5 6.9 5.5C6.7 3.6 8.2 2 10 2h4c1.8 0 3.3 1.6 3.1 3.5l-.6 4-1.9-.7.5-3.4c.1-.8-.5-1.4-1.3-1.4h-3.6c-.8 0-1.4.6-1.3 1.4l.5 3.4z',
    ],
  },
  Tyre: { paths: [tyrePath()], evenOdd: true },
  Wheel: { paths: [wheelPath()], evenOdd: true },
  OilCan: { paths: ['M6 5h8l4 4v12c0 .6-.4 1-1 1H6c-.6 0-1-.4-1-1V6c0-.6.4-1 1-1zm1.5 8v5h8v-5z', 'M8 2h4v2.2H8z'], evenOdd: true },
  Cup: {
    paths: [
      'M7 5.5C7 4.7 7.7 4 8.5 4h7c.8 0 1.5.7 1.5 1.5v.7H7z',
      'M5.5 7h13l.5 2H5z',
      'M6.2 9.8h11.6L16.3 21c-.1.6-.6 1-1.2 1H8.9c-.6 0-1.1-.4-1.2-1z',
      'M13 4l1.6-3 1.2.6L14.5 4z',
    ],
  },
  Pillow: { paths: ['M3 5c5 1.5 13 1.5 18 0-1.2 4.5-1.2 9.5 0 14-5-1.5-13-1.5-18 0 1.2-4.5 1.2-9.5 0-14z'] },
  FloorLamp: { paths: ['M7 2h10l3 7H4z', 'M11.2 9h1.6v11h-1.6z', 'M7 20.5c0-.8.7-1.5 1.5-1.5h7c.8 0 1.5.7 1.5 1.5V22H7z'] },
  GlobeLamp: { paths: ['M12 2a7.5 7.5 0 1 1 0 15 7.5 7.5 0 1 1 0-15z', 'M10.5 16.5h3v3h-3z', 'M7 19.5h10a1 1 0 0 1 1 1V22H6v-1.5a1 1 0 0 1 1-1z'] },
  Towels: {
    paths: [
      'M4 15h16a1.5 1.5 0 0 1 1.5 1.5v3A1.5 1.5 0 0 1 20 21H4a1.5 1.5 0 0 1-1.5-1.5v-3A1.5 1.5 0 0 1 4 15zm3 2.5v1.5h10v-1.5z',
      'M5 9h14a1.5 1.5 0 0 1 1.5 1.5v2.5a1.3 1.3 0 0 1-1.3 1.3H4.8A1.3 1.3 0 0 1 3.5 13v-2.5A1.5 1.5 0 0 1 5 9z',
      'M6.5 3.5h11A1.5 1.5 0 0 1 19 5v2a1.3 1.3 0 0 1-1.3 1.3H6.3A1.3 1.3 0 0 1 5 7V5a1.5 1.5 0 0 1 1.5-1.5z',
    ],
    evenOdd: true,
  },
  StackRings: {
    paths: [
      'M11.2 2.5h1.6V20h-1.6z',
      'M3.5 19.5h17a1 1 0 0 1 1 1V22h-19v-1.5a1 1 0 0 1 1-1z',
      'M5 15.5h14a1.5 1.5 0 0 1 1.5 1.5v.5a1.5 1.5 0 0 1-1.5 1.5H5A1.5 1.5 0 0 1 3.5 17.5V17A1.5 1.5 0 0 1 5 15.5z',
      'M6.5 11.8h11a1.5 1.5 0 0 1 1.5 1.5v.4a1.5 1.5 0 0 1-1.5 1.5h-11A1.5 1.5 0 0 1 5 13.7v-.4a1.5 1.5 0 0 1 1.5-1.5z',
      'M8 8.2h8a1.5 1.5 0 0 1 1.5 1.5v.3A1.5 1.5 0 0 1 16 11.5H8A1.5 1.5 0 0 1 6.5 10v-.3A1.5 1.5 0 0 1 8 8.2z',
      'M9.5 4.8h5A1.4 1.4 0 0 1 15.9 6.2v.2a1.4 1.4 0 0 1-1.4 1.4h-5A1.4 1.4 0 0 1 8.1 6.4v-.2a1.4 1.4 0 0 1 1.4-1.4z',
    ],
  },
  Tower: {
    paths: [
      'M7 2h10a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zm1.5 2.5v1.2h7V4.5zm0 2.8v1.2h7V7.3zm3.5 8.2a1.6 1.6 0 1 0 0 3.2 1.6 1.6 0 1 0 0-3.2z',
    ],
    evenOdd: true,
  },
};

/** A tyre with a notched tread, a groove, the rim and five wheel nuts (even-odd rings). */
function tyrePath(): string {
  const c = 12;
  const circle = (r: number, x = c, y = c) => `M${x - r} ${y}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0z`;
  const tread: string[] = [];
  const teeth = 40;
  for (let i = 0; i < teeth * 2; i++) {
    const a = (i / (teeth * 2)) * Math.PI * 2;
    const r = i % 2 === 0 ? 11 : 10.3;
    tread.push(`${i === 0 ? 'M' : 'L'}${(c + r * Math.cos(a)).toFixed(2)} ${(c + r * Math.sin(a)).toFixed(2)}`);
  }
  const nuts: string[] = [];
  for (let i = 0; i < 5; i++) {
    const a = (i / 5) * Math.PI * 2 - Math.PI / 2;
    nuts.push(circle(0.6, c + 2.4 * Math.cos(a), c + 2.4 * Math.sin(a)));
  }
  return [`${tread.join('')}z`, circle(8.9), circle(8.4), circle(6.4), circle(4.6), ...nuts].join('');
}

/** A five-spoke alloy wheel: tyre ring, rim and spokes (even-odd holes between the spokes). */
function wheelPath(): string {
  const c = 12;
  const circle = (r: number) => `M${c - r} ${c}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0z`;
  const holes: string[] = [];
  for (let i = 0; i < 5; i++) {
    const a0 = (i / 5) * Math.PI * 2 + 0.22;
    const a1 = ((i + 1) / 5) * Math.PI * 2 - 0.22;
    const pt = (r: number, a: number) => `${(c + r * Math.cos(a)).toFixed(2)} ${(c + r * Math.sin(a)).toFixed(2)}`;
    holes.push(`M${pt(3.2, a0 + 0.18)}L${pt(7.2, a0)}A7.2 7.2 0 0 1 ${pt(7.2, a1)}L${pt(3.2, a1 - 0.18)}z`);
  }
  return [circle(10.8), circle(8.6), circle(8), ...holes, circle(1.3)].join('');
}

/** Product colours true to life for food and a few materials; other products take palette tones. */
const NATURAL_COLORS: Record<string, string[]> = {
  Apple: ['#E0403A', '#74B843', '#D9343F'],
  Carrot: ['#F08A24'],
  Loaf: ['#CF9146', '#B97A3A'],
  BakeryDining: ['#E0A347', '#D08C3A'],
  Egg: ['#E8B97E', '#EFC994'],
  MilkCarton: ['#4C8DDB', '#3F9F8F'],
  SetMeal: ['#F08466', '#3F88C5'],
  Drumstick: ['#D98836', '#C87430'],
  Bottle: ['#8A9A2F', '#3F8F5A', '#2F80C8'],
  EmojiFoodBeverage: ['#5E9F3A', '#3E8E6A'],
  LocalDrink: ['#F39A1E', '#F2B02A'],
  LunchDining: ['#C9782F', '#D98C38'],
  LocalPizza: ['#F2A516', '#E9862B'],
  RamenDining: ['#E9862B', '#D6463C'],
  Bowl: ['#E4572E', '#3F88C5', '#2F8A55'],
  Cookie: ['#B9773A', '#8E5A2E'],
  Icecream: ['#F39AC2', '#F5C26B'],
  Cup: ['#F5A524', '#E85D75'],
  Tyre: ['#343B46', '#2B313A'],
  Wheel: ['#7C8794', '#5A6572'],
  SportsBasketball: ['#EF7A1D'],
  SportsBaseball: ['#B7D42B'],
  Ring: ['#E2AE38'],
  Earrings: ['#B7A594', '#8E7B6A'],
  Park: ['#6B8F4A', '#5B7F3D'],
  LocalFlorist: ['#C8734E', '#B8643F'],
  Crib: ['#C28D57'],
  Chair: ['#C27A53', '#7A8B6F', '#5E6C84'],
};

/** Motifs per category ('<super slug>/<category name>'), first one for the category icon. */
const CATEGORY_MOTIFS: Record<string, string[]> = {
  'electronics/Audio': ['Headphones', 'Speaker', 'EarbudsPair'],
  'electronics/Televisions': ['Tv', 'ConnectedTv', 'LiveTv'],
  'electronics/Cameras': ['PhotoCamera', 'Videocam', 'CameraAlt'],
  'electronics/Gaming': ['SportsEsports', 'VideogameAsset', 'Gamepad'],
  'electronics/Smart Home': ['Lightbulb', 'Router', 'SpeakerGroup'],
  'electronics/Power & Charging': ['BatteryChargingFull', 'Cable', 'ElectricBolt'],
  'fashion/Dresses': ['Dress', 'Checkroom', 'ShoppingBag'],
  'fashion/Shirts': ['Shirt', 'Checkroom', 'Sweater'],
  'fashion/Shoes': ['Sneaker', 'Loafer'],
  'fashion/Bags': ['ShoppingBag', 'Crossbody', 'Backpack'],
  'fashion/Watches': ['Watch', 'Diamond'],
  'fashion/Jewelry': ['Diamond', 'Ring', 'Earrings'],
  'health/Vitamins': ['Medication', 'Jar', 'DropperBottle'],
  'health/Skin Care': ['DropperBottle', 'Tube', 'Spa'],
  'health/Personal Care': ['Soap', 'Sanitizer', 'Toothbrush'],
  'health/First Aid': ['MedicalServices', 'Healing', 'DeviceThermostat'],
  'health/Fitness': ['SelfImprovement', 'FitnessCenter', 'MonitorHeart'],
  'health/Wellness': ['Spa', 'Diffuser', 'LocalFlorist'],
  'autos/Tyres & Wheels': ['Tyre', 'Wheel', 'DirectionsCar'],
  'autos/Engine Oil': ['OilBarrel', 'OilCan'],
  'autos/Car Care': ['DirectionsCar', 'Sanitizer', 'HandVacuum'],
  'autos/Tools': ['Build', 'Handyman', 'CarRepair'],
  'autos/Car Electronics': ['Videocam', 'Smartphone', 'Speed'],
  'autos/Batteries': ['BatteryChargingFull', 'ElectricBolt', 'EvStation'],
  'sports/Football': ['SportsSoccer', 'Sneaker'],
  'sports/Basketball': ['SportsBasketball', 'Jersey'],
  'sports/Racket Sports': ['SportsTennis', 'SportsBaseball'],
  'sports/Gym & Training': ['FitnessCenter', 'Kettlebell', 'DirectionsRun'],
  'sports/Cycling': ['DirectionsBike', 'SportsMotorsports', 'Bottle'],
  'sports/Sportswear': ['Shirt', 'Shorts', 'Sneaker'],
  'sports/Outdoor': ['Backpack', 'Hiking', 'Park'],
  'groceries/Fresh Produce': ['Apple', 'Carrot', 'ShoppingBasket'],
  'groceries/Bakery': ['BakeryDining', 'Loaf'],
  'groceries/Dairy & Eggs': ['Egg', 'MilkCarton', 'EggAlt'],
  'groceries/Meat & Fish': ['SetMeal', 'Drumstick'],
  'groceries/Pantry': ['Bowl', 'Bottle', 'Jar'],
  'groceries/Beverages': ['EmojiFoodBeverage', 'LocalDrink', 'Bottle'],
  'fast-food/Burgers': ['LunchDining', 'Fastfood'],
  'fast-food/Pizza': ['LocalPizza'],
  'fast-food/Chicken': ['Drumstick', 'Fastfood'],
  'fast-food/Noodles & Bowls': ['RamenDining', 'Bowl'],
  'fast-food/Drinks': ['Cup', 'LocalCafe', 'LocalDrink'],
  'fast-food/Desserts': ['Icecream', 'Cookie', 'Cake'],
  'home/Furniture': ['Chair', 'Weekend', 'TableRestaurant'],
  'home/Bedding': ['KingBed', 'Pillow', 'Bed'],
  'home/Kitchen': ['Blender', 'CoffeeMaker', 'Kitchen'],
  'home/Lighting': ['FloorLamp', 'GlobeLamp', 'Lightbulb'],
  'home/Bath': ['Bathtub', 'Shower', 'Towels'],
  'home/Garden': ['LocalFlorist', 'Park', 'Yard'],
  'phones/Smartphones': ['Smartphone', 'PhoneAndroid', 'PhoneIphone'],
  'phones/Tablets': ['TabletAndroid', 'Tablet', 'TabletMac'],
  'phones/Smartwatches': ['Watch', 'MonitorHeart'],
  'phones/Cases & Protection': ['PhoneIphone', 'Smartphone'],
  'phones/Chargers': ['Power', 'ChargingStation', 'Cable'],
  'phones/Headsets': ['HeadsetMic', 'EarbudsPair', 'Headset'],
  'baby/Strollers': ['ChildFriendly', 'Stroller'],
  'baby/Nursery': ['Crib', 'Nightlight', 'Bedtime'],
  'baby/Feeding': ['BabyBottle', 'Bowl', 'Flatware'],
  'baby/Baby Clothing': ['Bodysuit', 'Sweater', 'Checkroom'],
  'baby/Toys': ['StackRings', 'SmartToy', 'Toys'],
  'baby/Bath & Care': ['Bathtub', 'Soap', 'BabyChangingStation'],
  'computers/Laptops': ['Laptop', 'LaptopMac'],
  'computers/Desktops': ['DesktopMac', 'Tower', 'DesktopWindows'],
  'computers/Monitors': ['Monitor', 'DesktopWindows'],
  'computers/Keyboards & Mice': ['Keyboard', 'Mouse'],
  'computers/Storage': ['Storage', 'SdCard', 'SdStorage'],
  'computers/Printers': ['Print', 'LocalPrintshop', 'Scanner'],
  'computers/Networking': ['Router', 'Dns', 'Wifi'],
};

/** What a product (or a slide's text) shows, by words in its name; first match wins. */
const WORD_MOTIFS: Array<[RegExp, string]> = [
  [/earbud|\bbuds\b/i, 'EarbudsPair'],
  [/headphone/i, 'Headphones'],
  [/headset/i, 'HeadsetMic'],
  [/speaker/i, 'Speaker'],
  [/\btvs?\b/i, 'Tv'],
  [/action camera|dash camera|dash cam/i, 'Videocam'],
  [/camera/i, 'PhotoCamera'],
  [/controller/i, 'SportsEsports'],
  [/retro handheld/i, 'VideogameAsset'],
  [/\bbulb/i, 'Lightbulb'],
  [/router|extender/i, 'Router'],
  [/\bswitch\b/i, 'Dns'],
  [/power bank/i, 'BatteryChargingFull'],
  [/cable/i, 'Cable'],
  [/dress/i, 'Dress'],
  [/cardigan/i, 'Sweater'],
  [/jersey/i, 'Jersey'],
  [/shirt|\btee\b/i, 'Shirt'],
  [/shorts/i, 'Shorts'],
  [/bodysuit/i, 'Bodysuit'],
  [/sneaker|boots/i, 'Sneaker'],
  [/loafer/i, 'Loafer'],
  [/\btote\b|\bbags\b/i, 'ShoppingBag'],
  [/crossbody/i, 'Crossbody'],
  [/backpack/i, 'Backpack'],
  [/earring/i, 'Earrings'],
  [/stacking rings/i, 'StackRings'],
  [/\bring\b/i, 'Ring'],
  [/tracker|activity band/i, 'MonitorHeart'],
  [/watch/i, 'Watch'],
  [/gummies|vitamins/i, 'Jar'],
  [/drops|serum/i, 'DropperBottle'],
  [/cream|sun care/i, 'Tube'],
  [/body wash/i, 'Sanitizer'],
  [/toothbrush/i, 'Toothbrush'],
  [/first aid/i, 'MedicalServices'],
  [/thermometer/i, 'DeviceThermostat'],
  [/yoga/i, 'SelfImprovement'],
  [/resistance band|dumbbell/i, 'FitnessCenter'],
  [/pillow mist|wellness/i, 'Spa'],
  [/diffuser/i, 'Diffuser'],
  [/tyre/i, 'Tyre'],
  [/wheel/i, 'Wheel'],
  [/oil filter/i, 'OilBarrel'],
  [/synthetic oil/i, 'OilCan'],
  [/\bwax/i, 'Sanitizer'],
  [/vacuum/i, 'HandVacuum'],
  [/socket/i, 'Build'],
  [/trolley jack/i, 'CarRepair'],
  [/phone mount/i, 'Smartphone'],
  [/car battery|batteries/i, 'BatteryChargingFull'],
  [/jump/i, 'ElectricBolt'],
  [/football|balls, boots/i, 'SportsSoccer'],
  [/basketball/i, 'SportsBasketball'],
  [/racket/i, 'SportsTennis'],
  [/tennis balls/i, 'SportsBaseball'],
  [/kettlebell/i, 'Kettlebell'],
  [/helmet/i, 'SportsMotorsports'],
  [/cycling bottle/i, 'Bottle'],
  [/flow bottle/i, 'BabyBottle'],
  [/apple|fruit/i, 'Apple'],
  [/\bveg/i, 'Carrot'],
  [/sourdough|loaf/i, 'Loaf'],
  [/croissant/i, 'BakeryDining'],
  [/\beggs?\b/i, 'Egg'],
  [/\bmilk\b/i, 'MilkCarton'],
  [/salmon/i, 'SetMeal'],
  [/chicken breast|chicken bucket|wings/i, 'Drumstick'],
  [/\brice\b|feeding set/i, 'Bowl'],
  [/olive oil|virgin oil|\boils\b/i, 'Bottle'],
  [/\btea\b/i, 'EmojiFoodBeverage'],
  [/juice/i, 'LocalDrink'],
  [/burger/i, 'LunchDining'],
  [/pizza/i, 'LocalPizza'],
  [/ramen/i, 'RamenDining'],
  [/smoothie|shakes/i, 'Cup'],
  [/latte|coffee maker/i, 'CoffeeMaker'],
  [/cookie/i, 'Cookie'],
  [/sundae/i, 'Icecream'],
  [/armchair/i, 'Chair'],
  [/sofa/i, 'Weekend'],
  [/duvet|bedding/i, 'KingBed'],
  [/pillow/i, 'Pillow'],
  [/mixer/i, 'Blender'],
  [/floor lamp|floor and table lamps/i, 'FloorLamp'],
  [/table lamp/i, 'GlobeLamp'],
  [/towel/i, 'Towels'],
  [/shower/i, 'Shower'],
  [/planter/i, 'LocalFlorist'],
  [/tree/i, 'Park'],
  [/kids tablet/i, 'TabletAndroid'],
  [/tablet/i, 'Tablet'],
  [/phone case/i, 'PhoneIphone'],
  [/smartphone|screen guard|oled/i, 'Smartphone'],
  [/wall charger/i, 'Power'],
  [/charging stand|wireless stands/i, 'ChargingStation'],
  [/jogging stroller/i, 'Stroller'],
  [/stroller/i, 'ChildFriendly'],
  [/crib/i, 'Crib'],
  [/projector|night light/i, 'Nightlight'],
  [/robot|toys/i, 'SmartToy'],
  [/bath tub/i, 'Bathtub'],
  [/\bwash\b/i, 'Soap'],
  [/ultrabook/i, 'LaptopMac'],
  [/laptop/i, 'Laptop'],
  [/tower|desktops/i, 'Tower'],
  [/all-in-one/i, 'DesktopMac'],
  [/curved monitor/i, 'DesktopWindows'],
  [/monitor/i, 'Monitor'],
  [/keyboard/i, 'Keyboard'],
  [/mouse/i, 'Mouse'],
  [/\bssd\b/i, 'Storage'],
  [/memory card/i, 'SdCard'],
  [/printer/i, 'Print'],
];

function wordMotifs(text: string): string[] {
  const found: string[] = [];
  for (const [pattern, motif] of WORD_MOTIFS) if (pattern.test(text) && !found.includes(motif)) found.push(motif);
  return found;
}

/** Reads the filled Material icon's shapes as SVG path data (paths, circles and ellipses). */
function materialIcon(name: string): { paths: string[]; evenOdd?: boolean } {
  const source = readFileSync(`${ICONS_DIR}${name}.js`, 'utf8');
  const paths: string[] = [];
  for (const match of source.matchAll(/jsx\)\("(\w+)", \{([^}]*)\}/g)) {
    const [, tag = '', body = ''] = match;
    if (/opacity/.test(body)) continue; // two-tone layers
    const attr = (key: string): string => {
      const value = new RegExp(`\\b${key}: "([^"]*)"`).exec(body)?.[1];
      if (value === undefined) throw new Error(`${name}: <${tag}> without ${key}`);
      return value;
    };
    if (tag === 'path') paths.push(attr('d'));
    else if (tag === 'circle' || tag === 'ellipse') {
      const cx = Number(attr('cx'));
      const cy = Number(attr('cy'));
      const rx = Number(attr(tag === 'circle' ? 'r' : 'rx'));
      const ry = tag === 'circle' ? rx : Number(attr('ry'));
      paths.push(`M${cx - rx} ${cy}a${rx} ${ry} 0 1 0 ${2 * rx} 0a${rx} ${ry} 0 1 0 ${-2 * rx} 0z`);
    } else throw new Error(`${name}: unsupported <${tag}>`);
  }
  if (paths.length === 0) throw new Error(`${name}: no shapes found`);
  return { paths };
}

function loadIcon(name: string): { paths: string[]; evenOdd?: boolean } {
  return CUSTOM_ICONS[name] ?? materialIcon(name);
}

/** FNV-1a: a stable 32-bit seed per image key. */
function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

// ---------------------------------------------------------------------------------------------
// Jobs: one per picture, serialisable for the page
// ---------------------------------------------------------------------------------------------

type ArtSpec =
  | { type: 'product'; palette: Palette; motif: string; color?: string; tone: number; layout: number }
  | { type: 'categoryIcon'; palette: Palette; motif: string; tone: number }
  | { type: 'categoryImage'; palette: Palette; motifs: string[]; tone: number; variant: number }
  | { type: 'slide'; palette: Palette; motifs: string[]; kicker: string; title: string; subtitle: string; tone: number; variant: number }
  | { type: 'categoryBackground'; palette: Palette; motifs: string[]; variant: number }
  | { type: 'background'; colors: [string, string, string, string]; pattern: string };

interface Job {
  key: string;
  seed: number;
  width: number;
  height: number;
  maxBytes: number;
  qualities: number[];
  spec: ArtSpec;
}

interface Rendered {
  base64: string;
  quality: number;
}

function buildJobs(): Job[] {
  const jobs: Job[] = [];
  const add = (key: string, width: number, height: number, spec: ArtSpec) => {
    if (jobs.some((job) => job.key === key)) throw new Error(`image key used twice: ${key}`);
    jobs.push({ key, seed: seedOf(key), width, height, maxBytes: MAX_BYTES, qualities: QUALITIES, spec });
  };

  for (const superCategory of SAMPLE_CATALOGUE) {
    const palette = PALETTES[superCategory.slug];
    if (!palette) throw new Error(`no palette for ${superCategory.slug}`);
    const motifsOf = (categoryName: string): string[] => {
      const motifs = CATEGORY_MOTIFS[`${superCategory.slug}/${categoryName}`];
      if (!motifs) throw new Error(`no motifs for ${superCategory.slug}/${categoryName}`);
      return motifs;
    };

    superCategory.categories.forEach((category, index) => {
      const motifs = motifsOf(category.name);
      add(category.icon, 192, 192, { type: 'categoryIcon', palette, motif: motifs[0] ?? '', tone: index });
      category.imageList.forEach((key, variant) => {
        add(key, 480, 320, { type: 'categoryImage', palette, motifs: rotate(motifs, variant), tone: index + variant, variant });
      });
    });

    superCategory.products.forEach((product, index) => {
      const category = superCategory.categories.find((c) => c.id === product.categoryId);
      if (!category) throw new Error(`${product.name}: category ${product.categoryId} is not in ${superCategory.name}`);
      const sameCategory = superCategory.products.filter((p) => p.categoryId === product.categoryId);
      const fallback = motifsOf(category.name);
      const motif = wordMotifs(product.name)[0] ?? fallback[sameCategory.indexOf(product) % fallback.length] ?? '';
      const natural = NATURAL_COLORS[motif];
      const color = natural?.[seedOf(product.image) % natural.length];
      add(product.image, 480, 480, { type: 'product', palette, motif, color, tone: index, layout: (index + superCategory.id) % 4 });
    });

    superCategory.slides.forEach((slide, index) => {
      const fromText = wordMotifs(`${slide.title} ${slide.subtitle}`);
      const fromCategories = superCategory.categories.map((c) => motifsOf(c.name)[0] ?? '');
      const shift = index * 2 + Math.floor(index / 3);
      const motifs = [...fromText, ...rotate(fromCategories, shift)].filter((m, i, all) => all.indexOf(m) === i).slice(0, 3);
      const kicker = superCategory.name.toUpperCase();
      add(slide.image, 960, 400, { type: 'slide', palette, motifs, kicker, title: slide.title, subtitle: slide.subtitle, tone: shift, variant: index });
    });

    const allMotifs = superCategory.categories.flatMap((c) => motifsOf(c.name).slice(0, 2));
    superCategory.categoryBackgrounds.forEach((background, index) => {
      add(background.image, 540, 960, { type: 'categoryBackground', palette, motifs: rotate(allMotifs, index * 3), variant: index });
    });
  }

  for (const background of BACKGROUND_IMAGES) {
    const [paletteName = '', pattern = ''] = background.name.split('-');
    const colors = BACKGROUND_PALETTES[paletteName];
    if (!colors) throw new Error(`${background.name}: unknown palette ${paletteName}`);
    add(background.image, 540, 960, { type: 'background', colors, pattern });
  }
  return jobs;
}

function rotate<T>(items: readonly T[], by: number): T[] {
  if (items.length === 0) return [];
  const shift = by % items.length;
  return [...items.slice(shift), ...items.slice(0, shift)];
}

// ---------------------------------------------------------------------------------------------
// The renderer (runs inside Chromium; self-contained: only its own source is sent to the page)
// ---------------------------------------------------------------------------------------------

/* Browser types, by hand: scripts compile without the DOM library. */
interface Gradient {
  addColorStop(offset: number, color: string): void;
}
interface Path {
  addPath(path: Path): void;
}
interface Canvas {
  width: number;
  height: number;
  getContext(kind: '2d', options?: { alpha: boolean }): Ctx | null;
  toDataURL(type: string, quality: number): string;
}
interface Ctx {
  fillStyle: string | Gradient;
  strokeStyle: string | Gradient;
  lineWidth: number;
  lineCap: string;
  lineJoin: string;
  globalAlpha: number;
  globalCompositeOperation: string;
  filter: string;
  shadowBlur: number;
  shadowColor: string;
  shadowOffsetX: number;
  shadowOffsetY: number;
  font: string;
  textAlign: string;
  textBaseline: string;
  letterSpacing: string;
  save(): void;
  restore(): void;
  translate(x: number, y: number): void;
  rotate(angle: number): void;
  scale(x: number, y: number): void;
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void;
  beginPath(): void;
  closePath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  quadraticCurveTo(cx: number, cy: number, x: number, y: number): void;
  bezierCurveTo(c1x: number, c1y: number, c2x: number, c2y: number, x: number, y: number): void;
  arc(x: number, y: number, r: number, start: number, end: number, ccw?: boolean): void;
  ellipse(x: number, y: number, rx: number, ry: number, rotation: number, start: number, end: number): void;
  rect(x: number, y: number, w: number, h: number): void;
  roundRect(x: number, y: number, w: number, h: number, r: number): void;
  fill(path?: Path, rule?: string): void;
  stroke(path?: Path): void;
  clip(path?: Path, rule?: string): void;
  fillRect(x: number, y: number, w: number, h: number): void;
  createLinearGradient(x0: number, y0: number, x1: number, y1: number): Gradient;
  createRadialGradient(x0: number, y0: number, r0: number, x1: number, y1: number, r1: number): Gradient;
  fillText(text: string, x: number, y: number): void;
  measureText(text: string): { width: number };
  drawImage(image: Canvas, x: number, y: number, w: number, h: number): void;
}
interface BrowserGlobals {
  document: { createElement(tag: 'canvas'): Canvas; fonts: { add(face: unknown): void } };
  Path2D: new (d?: string) => Path;
  FontFace: new (family: string, source: string, descriptors: { weight: string }) => { load(): Promise<unknown> };
  renderArt?: (job: Job) => Rendered;
}
interface RendererInput {
  icons: Record<string, { paths: string[]; evenOdd?: boolean }>;
  fonts: Array<{ weight: string; base64: string }>;
}

async function installRenderer(input: RendererInput): Promise<void> {
  const g = globalThis as unknown as BrowserGlobals;
  for (const font of input.fonts) {
    const face = new g.FontFace('Roboto', `url(data:font/woff2;base64,${font.base64})`, { weight: font.weight });
    await face.load();
    g.document.fonts.add(face);
  }

  const TAU = Math.PI * 2;

  // ----- seeded randomness
  interface Rand {
    next(): number;
    range(min: number, max: number): number;
    int(min: number, max: number): number;
    pick<T>(items: readonly T[]): T;
    chance(p: number): boolean;
    sign(): number;
  }
  function makeRand(seed: number): Rand {
    let state = seed >>> 0;
    const next = () => {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const rand: Rand = {
      next,
      range: (min, max) => min + (max - min) * next(),
      int: (min, max) => Math.floor(min + (max - min + 1) * next()),
      pick: (items) => at(items, Math.floor(next() * items.length)),
      chance: (p) => next() < p,
      sign: () => (next() < 0.5 ? -1 : 1),
    };
    return rand;
  }
  function at<T>(items: readonly T[], index: number): T {
    const item = items[((index % items.length) + items.length) % items.length];
    if (item === undefined) throw new Error('empty list');
    return item;
  }

  // ----- colour
  function rgb(hex: string): [number, number, number] {
    const n = parseInt(hex.slice(1), 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  }
  function hex([r, gr, b]: [number, number, number]): string {
    return `#${[r, gr, b]
      .map((v) =>
        Math.round(Math.max(0, Math.min(255, v)))
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
  }
  function mix(a: string, b: string, t: number): string {
    const ca = rgb(a);
    const cb = rgb(b);
    return hex([ca[0] + (cb[0] - ca[0]) * t, ca[1] + (cb[1] - ca[1]) * t, ca[2] + (cb[2] - ca[2]) * t]);
  }
  const lighten = (c: string, t: number) => mix(c, '#ffffff', t);
  const darken = (c: string, t: number) => mix(c, '#0a0a18', t);
  function rgba(c: string, a: number): string {
    const [r, gr, b] = rgb(c);
    return `rgba(${r},${gr},${b},${a})`;
  }
  function luminance(c: string): number {
    const [r, gr, b] = rgb(c);
    return (0.299 * r + 0.587 * gr + 0.114 * b) / 255;
  }

  // ----- icons
  const iconCache = new Map<string, { parts: Path[]; union: Path; rule: string }>();
  function icon(name: string): { parts: Path[]; union: Path; rule: string } {
    const cached = iconCache.get(name);
    if (cached) return cached;
    const def = input.icons[name];
    if (!def) throw new Error(`icon ${name} not loaded`);
    const parts = def.paths.map((d) => new g.Path2D(d));
    const union = new g.Path2D(def.paths.join(' '));
    const made = { parts, union, rule: def.evenOdd ? 'evenodd' : 'nonzero' };
    iconCache.set(name, made);
    return made;
  }

  // ----- canvas
  let canvas = g.document.createElement('canvas');
  let ctx = context(canvas);
  function context(c: Canvas): Ctx {
    const made = c.getContext('2d', { alpha: false });
    if (!made) throw new Error('no 2d context');
    return made;
  }

  function linear(x0: number, y0: number, x1: number, y1: number, stops: Array<[number, string]>): Gradient {
    const gradient = ctx.createLinearGradient(x0, y0, x1, y1);
    for (const [offset, color] of stops) gradient.addColorStop(offset, color);
    return gradient;
  }
  function radial(x: number, y: number, r: number, stops: Array<[number, string]>, r0 = 0): Gradient {
    const gradient = ctx.createRadialGradient(x, y, r0, x, y, r);
    for (const [offset, color] of stops) gradient.addColorStop(offset, color);
    return gradient;
  }
  /** A linear gradient across the whole canvas at an angle (radians). */
  function wash(w: number, h: number, angle: number, stops: Array<[number, string]>): void {
    const cx = w / 2;
    const cy = h / 2;
    const len = (Math.abs(Math.cos(angle)) * w + Math.abs(Math.sin(angle)) * h) / 2;
    ctx.fillStyle = linear(cx - Math.cos(angle) * len, cy - Math.sin(angle) * len, cx + Math.cos(angle) * len, cy + Math.sin(angle) * len, stops);
    ctx.fillRect(0, 0, w, h);
  }
  function glow(x: number, y: number, r: number, color: string, a: number): void {
    ctx.fillStyle = radial(x, y, r, [
      [0, rgba(color, a)],
      [1, rgba(color, 0)],
    ]);
    ctx.fillRect(x - r, y - r, r * 2, r * 2);
  }
  function circle(x: number, y: number, r: number): void {
    ctx.beginPath();
    ctx.arc(x, y, r, 0, TAU);
  }
  function contactShadow(x: number, y: number, rx: number, ry: number, color: string, a: number): void {
    ctx.save();
    ctx.translate(x, y);
    ctx.scale(1, ry / rx);
    ctx.fillStyle = radial(0, 0, rx, [
      [0, rgba(color, a)],
      [0.55, rgba(color, a * 0.45)],
      [1, rgba(color, 0)],
    ]);
    ctx.fillRect(-rx, -rx, rx * 2, rx * 2);
    ctx.restore();
  }

  interface ObjectStyle {
    x: number;
    y: number;
    size: number;
    angle: number;
    color: string;
    /** Extrusion depth in pixels. */
    depth?: number;
    side?: string;
    top?: [string, string];
    shadow?: string;
    shadowAlpha?: number;
    gloss?: number;
  }

  /** An icon as a chunky object: soft shadow, extruded side, shaded face, gloss and rim light. */
  function drawObject(name: string, style: ObjectStyle): void {
    const { parts, union, rule } = icon(name);
    const s = style.size / 24;
    const depth = style.depth ?? style.size * 0.045;
    const side = style.side ?? darken(style.color, 0.38);
    const [topA, topB] = style.top ?? [lighten(style.color, 0.28), darken(style.color, 0.12)];
    const place = (dx: number, dy: number) => {
      ctx.translate(style.x + dx, style.y + dy);
      ctx.rotate(style.angle);
      ctx.scale(s, s);
      ctx.translate(-12, -12);
    };
    const fillAll = () => {
      for (const part of parts) ctx.fill(part, rule);
    };
    const ex = depth * 0.28;
    const ey = depth;

    // Soft cast shadow under the extruded body.
    ctx.save();
    place(ex, ey);
    ctx.shadowColor = rgba(style.shadow ?? darken(style.color, 0.7), style.shadowAlpha ?? 0.32);
    ctx.shadowBlur = style.size * 0.14;
    ctx.shadowOffsetY = style.size * 0.07;
    ctx.fillStyle = side;
    fillAll();
    ctx.restore();

    // Extrusion.
    const steps = Math.max(2, Math.ceil(depth));
    for (let i = steps; i >= 1; i--) {
      ctx.save();
      place((ex * i) / steps, (ey * i) / steps);
      ctx.fillStyle = mix(side, darken(side, 0.25), i / steps);
      fillAll();
      ctx.restore();
    }

    // Face.
    ctx.save();
    place(0, 0);
    ctx.fillStyle = linear(3, 1, 19, 23, [
      [0, topA],
      [0.55, style.color],
      [1, topB],
    ]);
    fillAll();
    ctx.clip(union, rule);
    ctx.fillStyle = radial(6, 4, 15, [
      [0, `rgba(255,255,255,${style.gloss ?? 0.42})`],
      [0.5, `rgba(255,255,255,${(style.gloss ?? 0.42) * 0.25})`],
      [1, 'rgba(255,255,255,0)'],
    ]);
    ctx.fillRect(-2, -2, 28, 28);
    ctx.lineWidth = 0.5;
    ctx.strokeStyle = 'rgba(255,255,255,0.28)';
    for (const part of parts) ctx.stroke(part);
    ctx.restore();
  }

  // ----- accents
  function sparkle(x: number, y: number, r: number, color: string): void {
    ctx.beginPath();
    ctx.moveTo(x, y - r);
    ctx.quadraticCurveTo(x, y, x + r, y);
    ctx.quadraticCurveTo(x, y, x, y + r);
    ctx.quadraticCurveTo(x, y, x - r, y);
    ctx.quadraticCurveTo(x, y, x, y - r);
    ctx.fillStyle = color;
    ctx.fill();
  }
  function ring(x: number, y: number, r: number, width: number, color: string): void {
    circle(x, y, r);
    ctx.lineWidth = width;
    ctx.strokeStyle = color;
    ctx.stroke();
  }
  function dotGrid(x: number, y: number, cols: number, rows: number, gap: number, r: number, color: string): void {
    ctx.fillStyle = color;
    for (let i = 0; i < cols; i++) {
      for (let j = 0; j < rows; j++) {
        circle(x + i * gap, y + j * gap, r);
        ctx.fill();
      }
    }
  }
  function plus(x: number, y: number, size: number, width: number, color: string): void {
    ctx.strokeStyle = color;
    ctx.lineWidth = width;
    ctx.lineCap = 'round';
    ctx.beginPath();
    ctx.moveTo(x - size, y);
    ctx.lineTo(x + size, y);
    ctx.moveTo(x, y - size);
    ctx.lineTo(x, y + size);
    ctx.stroke();
  }
  function squiggle(x: number, y: number, length: number, amplitude: number, width: number, angle: number, color: string): void {
    ctx.save();
    ctx.translate(x, y);
    ctx.rotate(angle);
    ctx.beginPath();
    for (let i = 0; i <= 40; i++) {
      const px = -length / 2 + (length * i) / 40;
      const py = Math.sin((i / 40) * TAU * 2) * amplitude;
      if (i === 0) ctx.moveTo(px, py);
      else ctx.lineTo(px, py);
    }
    ctx.strokeStyle = color;
    ctx.lineWidth = width;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.stroke();
    ctx.restore();
  }
  function pill(x: number, y: number, w: number, h: number, angle: number, color: string | Gradient): void {
    ctx.save();
    ctx.translate(x, y);
    ctx.rotate(angle);
    ctx.beginPath();
    ctx.roundRect(-w / 2, -h / 2, w, h, h / 2);
    ctx.fillStyle = color;
    ctx.fill();
    ctx.restore();
  }
  /** A few decorative accents in the corners, away from the centre. */
  function accents(r: Rand, w: number, h: number, colors: string[], count: number, scale: number): void {
    const spots = [
      [0.14, 0.14],
      [0.86, 0.16],
      [0.12, 0.8],
      [0.88, 0.82],
      [0.5, 0.09],
      [0.08, 0.48],
      [0.92, 0.5],
    ];
    const order = spots.map((spot) => ({ spot, key: r.next() })).sort((a, b) => a.key - b.key);
    for (let i = 0; i < count; i++) {
      const spot = at(order, i).spot;
      const x = (spot[0] ?? 0.5) * w + r.range(-0.04, 0.04) * w;
      const y = (spot[1] ?? 0.5) * h + r.range(-0.04, 0.04) * h;
      const color = r.pick(colors);
      const kind = r.int(0, 5);
      const u = scale * r.range(0.8, 1.2);
      if (kind === 0) sparkle(x, y, 16 * u, color);
      else if (kind === 1) ring(x, y, 13 * u, 4 * u, color);
      else if (kind === 2) dotGrid(x - 18 * u, y - 18 * u, 4, 4, 12 * u, 2.6 * u, color);
      else if (kind === 3) plus(x, y, 9 * u, 4 * u, color);
      else if (kind === 4) squiggle(x, y, 56 * u, 6 * u, 4.5 * u, r.range(-0.6, 0.6), color);
      else pill(x, y, 44 * u, 14 * u, r.range(-1, 1), color);
    }
  }

  /** A cylinder podium seen slightly from above. */
  function podium(x: number, top: number, rx: number, height: number, color: string): void {
    const ry = rx * 0.24;
    ctx.save();
    ctx.shadowColor = rgba(darken(color, 0.6), 0.25);
    ctx.shadowBlur = rx * 0.35;
    ctx.shadowOffsetY = rx * 0.12;
    ctx.beginPath();
    ctx.ellipse(x, top + height, rx, ry, 0, 0, Math.PI);
    ctx.lineTo(x - rx, top);
    ctx.ellipse(x, top, rx, ry, 0, Math.PI, 0);
    ctx.closePath();
    ctx.fillStyle = linear(x - rx, 0, x + rx, 0, [
      [0, darken(color, 0.22)],
      [0.35, lighten(color, 0.1)],
      [1, darken(color, 0.3)],
    ]);
    ctx.fill();
    ctx.restore();
    ctx.beginPath();
    ctx.ellipse(x, top, rx, ry, 0, 0, TAU);
    ctx.fillStyle = linear(x - rx, top - ry, x + rx, top + ry, [
      [0, lighten(color, 0.45)],
      [1, lighten(color, 0.15)],
    ]);
    ctx.fill();
  }

  /** A smooth closed blob through n points around (x, y). */
  function blob(r: Rand, x: number, y: number, radius: number, n: number, jitter: number): void {
    const pts: Array<[number, number]> = [];
    const phase = r.range(0, TAU);
    for (let i = 0; i < n; i++) {
      const a = phase + (i / n) * TAU;
      const rr = radius * (1 + r.range(-jitter, jitter));
      pts.push([x + Math.cos(a) * rr, y + Math.sin(a) * rr]);
    }
    ctx.beginPath();
    for (let i = 0; i < n; i++) {
      const p0 = at(pts, i - 1);
      const p1 = at(pts, i);
      const p2 = at(pts, i + 1);
      const p3 = at(pts, i + 2);
      if (i === 0) ctx.moveTo(p1[0], p1[1]);
      ctx.bezierCurveTo(p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6, p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6, p2[0], p2[1]);
    }
    ctx.closePath();
  }

  // ----- products (480 x 480)
  function product(r: Rand, w: number, h: number, spec: Extract<ArtSpec, { type: 'product' }>): void {
    const p = spec.palette;
    const tone = at(p.tones, spec.tone + r.int(0, 1) * 3);
    const second = at(p.tones, spec.tone + 2);
    const bgA = mix(p.bg[0], tone, r.range(0.02, 0.08));
    const bgB = mix(p.bg[1], tone, r.range(0.1, 0.22));
    wash(w, h, r.range(0.6, 2.4), [
      [0, bgA],
      [1, bgB],
    ]);
    glow(w * r.range(0.25, 0.75), h * r.range(0.2, 0.45), w * 0.55, '#ffffff', 0.55);

    const angle = r.sign() * r.range(0.04, 0.2);
    const size = w * r.range(0.5, 0.56);
    let cy: number;
    const accentColors = [rgba(tone, 0.55), rgba(p.accent, 0.8), rgba('#ffffff', 0.85), rgba(second, 0.45)];

    if (spec.layout === 0) {
      // Podium
      circle(w / 2, h * 0.42, w * 0.34);
      ctx.fillStyle = linear(0, h * 0.1, 0, h * 0.75, [
        [0, rgba(lighten(p.accent, 0.35), 0.9)],
        [1, rgba(p.accent, 0.35)],
      ]);
      ctx.fill();
      accents(r, w, h, accentColors, 3, 1);
      podium(w / 2, h * 0.74, w * 0.3, h * 0.1, lighten(second, 0.55));
      cy = h * 0.74 - size * 0.44;
      contactShadow(w / 2, h * 0.745, w * 0.2, w * 0.045, darken(second, 0.4), 0.35);
    } else if (spec.layout === 1) {
      // Glass cards
      ctx.save();
      ctx.translate(w / 2, h / 2);
      ctx.rotate(-angle * 1.6);
      ctx.beginPath();
      ctx.roundRect(-w * 0.3, -h * 0.33, w * 0.6, h * 0.66, 36);
      ctx.fillStyle = linear(-w * 0.3, -h * 0.33, w * 0.3, h * 0.33, [
        [0, lighten(tone, 0.35)],
        [1, tone],
      ]);
      ctx.fill();
      ctx.restore();
      accents(r, w, h, accentColors, 3, 1);
      ctx.save();
      ctx.translate(w / 2, h / 2);
      ctx.rotate(angle * 0.6);
      ctx.shadowColor = rgba(p.deep, 0.22);
      ctx.shadowBlur = 40;
      ctx.shadowOffsetY = 16;
      ctx.beginPath();
      ctx.roundRect(-w * 0.31, -h * 0.31, w * 0.62, h * 0.62, 40);
      ctx.fillStyle = 'rgba(255,255,255,0.82)';
      ctx.fill();
      ctx.restore();
      cy = h * 0.48;
    } else if (spec.layout === 2) {
      // Halo
      const hx = w / 2;
      const hy = h * 0.47;
      const haloColor = luminance(spec.color ?? tone) < 0.3 ? p.accent : tone;
      circle(hx, hy, w * 0.36);
      ctx.fillStyle = radial(hx - w * 0.1, hy - h * 0.12, w * 0.5, [
        [0, lighten(haloColor, 0.7)],
        [1, lighten(haloColor, 0.3)],
      ]);
      ctx.fill();
      ring(hx, hy, w * 0.42, 2, rgba(tone, 0.35));
      ring(hx, hy, w * 0.47, 1.5, rgba(tone, 0.18));
      accents(r, w, h, accentColors, 4, 0.9);
      cy = h * 0.45;
      contactShadow(w / 2, h * 0.8, w * 0.22, w * 0.04, p.deep, 0.28);
    } else {
      // Split
      ctx.save();
      ctx.beginPath();
      ctx.moveTo(0, h * r.range(0.55, 0.7));
      ctx.bezierCurveTo(w * 0.3, h * 0.45, w * 0.7, h * 0.85, w, h * r.range(0.45, 0.6));
      ctx.lineTo(w, h);
      ctx.lineTo(0, h);
      ctx.closePath();
      ctx.fillStyle = linear(0, h * 0.5, 0, h, [
        [0, lighten(tone, 0.45)],
        [1, lighten(tone, 0.2)],
      ]);
      ctx.fill();
      ctx.restore();
      dotGrid(w * 0.08, h * 0.08, 5, 4, 16, 3, rgba(tone, 0.35));
      accents(r, w, h, accentColors, 2, 1);
      cy = h * 0.46;
      contactShadow(w / 2, h * 0.8, w * 0.24, w * 0.045, darken(tone, 0.5), 0.35);
    }

    drawObject(spec.motif, { x: w / 2, y: cy, size, angle, color: spec.color ?? tone, shadow: p.deep });
    sparkle(w / 2 + size * 0.42, cy - size * 0.4, 12, 'rgba(255,255,255,0.95)');
  }

  // ----- category icons (192 x 192)
  function categoryIcon(r: Rand, w: number, h: number, spec: Extract<ArtSpec, { type: 'categoryIcon' }>): void {
    const tone = at(spec.palette.tones, spec.tone);
    wash(w, h, Math.PI * 0.3, [
      [0, lighten(tone, 0.18)],
      [1, darken(tone, 0.22)],
    ]);
    glow(w * 0.22, h * 0.12, w * 0.75, '#ffffff', 0.28);
    ring(w * 0.86, h * 0.86, w * 0.3, 10, 'rgba(255,255,255,0.08)');
    sparkle(w * 0.2, h * 0.22, 7, 'rgba(255,255,255,0.6)');
    drawObject(spec.motif, {
      x: w / 2,
      y: h * 0.48,
      size: w * 0.52,
      angle: r.sign() * r.range(0.03, 0.1),
      color: '#ffffff',
      top: ['#ffffff', mix('#ffffff', tone, 0.22)],
      side: darken(tone, 0.35),
      depth: w * 0.035,
      shadow: darken(tone, 0.6),
      shadowAlpha: 0.35,
      gloss: 0.2,
    });
  }

  // ----- category images (480 x 320)
  function categoryImage(r: Rand, w: number, h: number, spec: Extract<ArtSpec, { type: 'categoryImage' }>): void {
    const p = spec.palette;
    const tone = at(p.tones, spec.tone);
    const second = at(p.tones, spec.tone + 1);
    const [main = '', extraA = main, extraB = extraA] = spec.motifs;
    const variant = spec.variant % 3;
    let objectColor = tone;
    let secondColor = second;
    if (variant === 0) {
      wash(w, h, r.range(0.2, 0.8), [
        [0, p.bg[0]],
        [1, mix(p.bg[1], tone, 0.15)],
      ]);
      circle(w * 0.62, h * 0.5, h * 0.46);
      ctx.fillStyle = rgba(lighten(tone, 0.55), 0.9);
      ctx.fill();
      accents(r, w, h, [rgba(tone, 0.5), rgba('#ffffff', 0.9), rgba(p.accent, 0.8)], 3, 0.8);
    } else if (variant === 1) {
      wash(w, h, r.range(0.4, 1.2), [
        [0, lighten(tone, 0.1)],
        [1, darken(tone, 0.35)],
      ]);
      glow(w * 0.7, h * 0.3, w * 0.5, '#ffffff', 0.25);
      dotGrid(w * 0.06, h * 0.12, 6, 5, 18, 2.6, 'rgba(255,255,255,0.22)');
      ring(w * 0.95, h * 0.95, h * 0.4, 16, 'rgba(255,255,255,0.07)');
      objectColor = '#ffffff';
      secondColor = lighten(p.accent, 0.2);
    } else {
      wash(w, h, 0.3, [
        [0, p.bg[0]],
        [1, p.bg[1]],
      ]);
      ctx.beginPath();
      ctx.moveTo(w * 0.45, 0);
      ctx.lineTo(w, 0);
      ctx.lineTo(w, h);
      ctx.lineTo(w * 0.25, h);
      ctx.closePath();
      ctx.fillStyle = linear(w * 0.3, 0, w, h, [
        [0, lighten(second, 0.5)],
        [1, lighten(second, 0.25)],
      ]);
      ctx.fill();
      accents(r, w, h, [rgba(second, 0.6), rgba('#ffffff', 0.85)], 2, 0.8);
    }
    const white = objectColor === '#ffffff';
    const style = (color: string) =>
      white
        ? { color: '#ffffff', top: ['#ffffff', mix('#ffffff', tone, 0.2)] as [string, string], side: darken(tone, 0.45), shadow: darken(tone, 0.7) }
        : { color, shadow: p.deep };
    contactShadow(w * 0.62, h * 0.86, w * 0.2, h * 0.05, p.deep, white ? 0.4 : 0.28);
    drawObject(extraA, { x: w * 0.3, y: h * 0.62, size: h * 0.36, angle: -r.range(0.1, 0.3), ...style(secondColor) });
    drawObject(extraB, { x: w * 0.88, y: h * 0.28, size: h * 0.24, angle: r.range(0.1, 0.35), ...style(lighten(secondColor, 0.2)) });
    drawObject(main, { x: w * 0.62, y: h * 0.52, size: h * 0.6, angle: r.sign() * r.range(0.04, 0.14), ...style(objectColor) });
  }

  // ----- slides (960 x 400)
  function wrap(text: string, maxWidth: number): string[] {
    const words = text.split(' ');
    const lines: string[] = [];
    let line = '';
    for (const word of words) {
      const candidate = line ? `${line} ${word}` : word;
      if (ctx.measureText(candidate).width <= maxWidth || !line) line = candidate;
      else {
        lines.push(line);
        line = word;
      }
    }
    if (line) lines.push(line);
    if (lines.length !== 2) return lines;
    // Two lines: balance them, so a short last word does not sit alone.
    let best = lines;
    let bestWidth = Math.max(...lines.map((l) => ctx.measureText(l).width));
    for (let i = 1; i < words.length; i++) {
      const split = [words.slice(0, i).join(' '), words.slice(i).join(' ')];
      const width = Math.max(...split.map((l) => ctx.measureText(l).width));
      if (width < bestWidth) {
        best = split;
        bestWidth = width;
      }
    }
    return best;
  }
  function slide(r: Rand, w: number, h: number, spec: Extract<ArtSpec, { type: 'slide' }>): void {
    const p = spec.palette;
    const tone = at(p.tones, spec.tone);
    const second = at(p.tones, spec.tone + 1);
    const variant = spec.variant % 3;
    let ink = '#ffffff';
    let subInk = 'rgba(255,255,255,0.86)';
    let buttonFill = '#ffffff';
    let buttonInk = p.deep;
    if (variant === 0) {
      wash(w, h, 0.35, [
        [0, p.deep],
        [1, mix(p.deep, tone, 0.75)],
      ]);
      glow(w * 0.75, h * 0.45, h * 0.9, tone, 0.55);
    } else if (variant === 1) {
      wash(w, h, 0.25, [
        [0, p.bg[0]],
        [1, p.bg[1]],
      ]);
      glow(w * 0.78, h * 0.4, h * 0.8, '#ffffff', 0.8);
      ink = p.deep;
      subInk = rgba(p.deep, 0.75);
      buttonFill = p.deep;
      buttonInk = '#ffffff';
    } else {
      wash(w, h, 0.5, [
        [0, lighten(tone, 0.08)],
        [1, darken(tone, 0.3)],
      ]);
      ctx.save();
      ctx.globalAlpha = 0.08;
      for (let i = -2; i < 12; i++) pill(i * 110, h / 2, 46, h * 2.2, 0.5, '#ffffff');
      ctx.restore();
    }

    // Motif side.
    const cx = w * 0.76;
    circle(cx, h * 0.5, h * 0.42);
    ctx.fillStyle = variant === 1 ? rgba(lighten(tone, 0.55), 0.95) : 'rgba(255,255,255,0.12)';
    ctx.fill();
    ring(cx, h * 0.5, h * 0.48, 2, variant === 1 ? rgba(tone, 0.3) : 'rgba(255,255,255,0.18)');
    const onDark = variant !== 1;
    podium(cx, h * 0.8, h * 0.34, h * 0.09, onDark ? lighten(tone, 0.55) : lighten(second, 0.55));
    const [main = '', extraA = main, extraB = extraA] = spec.motifs;
    drawObject(extraA, {
      x: cx - h * 0.52,
      y: h * 0.3,
      size: h * 0.24,
      angle: -r.range(0.15, 0.35),
      color: onDark ? lighten(second, 0.25) : second,
      shadow: p.deep,
    });
    drawObject(extraB, {
      x: cx + h * 0.44,
      y: h * 0.2,
      size: h * 0.18,
      angle: r.range(0.15, 0.35),
      color: onDark ? lighten(p.accent, 0.1) : tone,
      shadow: p.deep,
    });
    contactShadow(cx, h * 0.8, h * 0.24, h * 0.05, darken(tone, 0.5), 0.35);
    drawObject(main, {
      x: cx,
      y: h * 0.8 - h * 0.25,
      size: h * 0.5,
      angle: r.sign() * r.range(0.04, 0.12),
      color: onDark ? '#ffffff' : tone,
      top: onDark ? ['#ffffff', mix('#ffffff', tone, 0.25)] : undefined,
      side: onDark ? darken(tone, 0.3) : undefined,
      shadow: p.deep,
    });
    sparkle(cx + h * 0.3, h * 0.16, 14, onDark ? 'rgba(255,255,255,0.9)' : rgba(tone, 0.8));
    sparkle(cx - h * 0.34, h * 0.78, 9, onDark ? 'rgba(255,255,255,0.7)' : rgba(p.accent, 0.9));

    // Text side.
    const left = 64;
    const maxWidth = w * 0.5 - left;
    ctx.textBaseline = 'alphabetic';
    ctx.textAlign = 'left';
    let size = 58;
    let lines: string[] = [];
    for (; size >= 34; size -= 2) {
      ctx.font = `900 ${size}px Roboto`;
      lines = wrap(spec.title, maxWidth);
      if (lines.length <= 2 && lines.every((line) => ctx.measureText(line).width <= maxWidth)) break;
    }
    const lineHeight = size * 1.08;
    const blockHeight = 22 + lines.length * lineHeight + 44 + 64;
    let y = (h - blockHeight) / 2 + 14;
    ctx.font = '700 15px Roboto';
    ctx.letterSpacing = '3px';
    ctx.fillStyle = variant === 1 ? rgba(tone, 0.95) : 'rgba(255,255,255,0.75)';
    ctx.fillText(spec.kicker, left, y);
    ctx.letterSpacing = '0px';
    y += 12;
    ctx.font = `900 ${size}px Roboto`;
    ctx.fillStyle = ink;
    for (const line of lines) {
      y += lineHeight;
      ctx.fillText(line, left, y);
    }
    y += 42;
    ctx.font = '400 24px Roboto';
    ctx.fillStyle = subInk;
    ctx.fillText(spec.subtitle, left, y);
    y += 30;
    ctx.save();
    ctx.shadowColor = rgba(p.deep, 0.25);
    ctx.shadowBlur = 18;
    ctx.shadowOffsetY = 6;
    ctx.beginPath();
    ctx.roundRect(left, y, 156, 48, 24);
    ctx.fillStyle = buttonFill;
    ctx.fill();
    ctx.restore();
    ctx.font = '700 18px Roboto';
    ctx.fillStyle = buttonInk;
    ctx.textAlign = 'center';
    ctx.fillText('Shop now', left + 78, y + 31);
    ctx.textAlign = 'left';
  }

  // ----- category backgrounds (540 x 960)
  function categoryBackground(r: Rand, w: number, h: number, spec: Extract<ArtSpec, { type: 'categoryBackground' }>): void {
    const p = spec.palette;
    const tone = at(p.tones, spec.variant * 2);
    const variant = spec.variant % 3;
    if (variant === 1) {
      wash(w, h, Math.PI / 2 + 0.2, [
        [0, mix(p.deep, tone, 0.35)],
        [1, p.deep],
      ]);
      ctx.save();
      ctx.filter = 'blur(50px)';
      ctx.globalCompositeOperation = 'screen';
      for (let i = 0; i < 4; i++) {
        blob(r, w * (i % 2 ? 0.8 : 0.2) + r.range(-60, 60), h * (0.12 + i * 0.26), r.range(130, 200), 7, 0.25);
        ctx.fillStyle = rgba(lighten(at(p.tones, i + 1), 0.15), 0.5);
        ctx.fill();
      }
      ctx.restore();
    } else {
      wash(w, h, Math.PI / 2 - 0.3, [
        [0, p.bg[0]],
        [1, p.bg[1]],
      ]);
      if (variant === 2) {
        ctx.save();
        ctx.translate(w / 2, h / 2);
        ctx.rotate(-0.6);
        for (let i = -8; i < 8; i++) {
          ctx.fillStyle = i % 2 === 0 ? rgba(tone, 0.07) : 'rgba(255,255,255,0.18)';
          ctx.fillRect(i * 90, -h, 45, h * 2);
        }
        ctx.restore();
      } else {
        glow(w * 0.2, h * 0.15, w * 0.7, p.accent, 0.35);
        glow(w * 0.9, h * 0.85, w * 0.8, tone, 0.18);
      }
    }
    // Motif wallpaper.
    const gap = variant === 1 ? 150 : 112;
    const size = variant === 1 ? 64 : 46;
    const color = variant === 1 ? 'rgba(255,255,255,0.09)' : rgba(p.deep, 0.1);
    let k = 0;
    for (let row = 0, y = gap * 0.4; y < h + gap; row++, y += gap * 0.86) {
      for (let x = (row % 2) * (gap / 2) - gap * 0.2; x < w + gap; x += gap) {
        const { parts, rule } = icon(at(spec.motifs, k++));
        ctx.save();
        ctx.translate(x, y);
        ctx.rotate(r.range(-0.35, 0.35));
        ctx.scale(size / 24, size / 24);
        ctx.translate(-12, -12);
        if (variant === 2) {
          ctx.strokeStyle = rgba(p.deep, 0.16);
          ctx.lineWidth = 0.7;
          for (const part of parts) ctx.stroke(part);
        } else {
          ctx.fillStyle = color;
          for (const part of parts) ctx.fill(part, rule);
        }
        ctx.restore();
      }
    }
  }

  // ----- splash and login backgrounds (540 x 960)
  function background(r: Rand, w: number, h: number, spec: Extract<ArtSpec, { type: 'background' }>): void {
    const [c0, c1, c2, c3] = spec.colors;
    const dark = luminance(c0) < 0.5;
    const base = (angle = Math.PI / 2) =>
      wash(w, h, angle, [
        [0, c0],
        [1, c1],
      ]);
    switch (spec.pattern) {
      case 'waves': {
        base();
        for (let i = 0; i < 6; i++) {
          const y0 = h * (0.32 + i * 0.12);
          const amp = r.range(18, 46);
          const len = r.range(260, 520);
          const phase = r.range(0, TAU);
          ctx.beginPath();
          ctx.moveTo(0, h);
          for (let x = 0; x <= w; x += 6) ctx.lineTo(x, y0 + Math.sin((x / len) * TAU + phase) * amp);
          ctx.lineTo(w, h);
          ctx.closePath();
          const color = mix(c2, c3, i / 5);
          ctx.fillStyle = linear(0, y0 - amp, 0, h, [
            [0, rgba(color, 0.75)],
            [1, rgba(mix(color, c0, 0.5), 0.9)],
          ]);
          ctx.fill();
        }
        break;
      }
      case 'blobs': {
        base(Math.PI / 3);
        ctx.save();
        ctx.filter = 'blur(60px)';
        blob(r, w * 0.7, h * 0.25, 240, 7, 0.3);
        ctx.fillStyle = rgba(c3, 0.7);
        ctx.fill();
        ctx.restore();
        for (let i = 0; i < 5; i++) {
          blob(r, r.range(-0.1, 1.1) * w, r.range(0, 1) * h, r.range(90, 200), 6, 0.3);
          ctx.fillStyle = linear(0, 0, w, h, [
            [0, rgba(i % 2 ? c2 : c3, 0.85)],
            [1, rgba(mix(c2, c1, 0.5), 0.6)],
          ]);
          ctx.fill();
        }
        break;
      }
      case 'mesh': {
        ctx.fillStyle = c0;
        ctx.fillRect(0, 0, w, h);
        const colors = [c1, c2, c3, c1, c2, c3];
        for (const color of colors) glow(r.range(0, w), r.range(0, h), r.range(320, 520), color, 0.85);
        break;
      }
      case 'prism': {
        const cols = 6;
        const rows = 11;
        const pts: Array<Array<[number, number]>> = [];
        for (let j = 0; j <= rows; j++) {
          const row: Array<[number, number]> = [];
          for (let i = 0; i <= cols; i++) {
            const edgeX = i === 0 || i === cols;
            const edgeY = j === 0 || j === rows;
            row.push([(i / cols) * w + (edgeX ? 0 : r.range(-30, 30)), (j / rows) * h + (edgeY ? 0 : r.range(-30, 30))]);
          }
          pts.push(row);
        }
        for (let j = 0; j < rows; j++) {
          for (let i = 0; i < cols; i++) {
            const a = at(at(pts, j), i);
            const b = at(at(pts, j), i + 1);
            const c = at(at(pts, j + 1), i);
            const d = at(at(pts, j + 1), i + 1);
            for (const tri of [
              [a, b, d],
              [a, d, c],
            ]) {
              const cy = tri.reduce((sum, pt) => sum + pt[1], 0) / 3;
              const cx = tri.reduce((sum, pt) => sum + pt[0], 0) / 3;
              let color = mix(c0, c1, cy / h);
              color = mix(color, c2, Math.max(0, 0.5 - Math.hypot(cx - w * 0.7, cy - h * 0.3) / w) * 0.9);
              color = r.chance(0.5) ? lighten(color, r.range(0, 0.08)) : darken(color, r.range(0, 0.08));
              ctx.beginPath();
              ctx.moveTo(at(tri, 0)[0], at(tri, 0)[1]);
              ctx.lineTo(at(tri, 1)[0], at(tri, 1)[1]);
              ctx.lineTo(at(tri, 2)[0], at(tri, 2)[1]);
              ctx.closePath();
              ctx.fillStyle = color;
              ctx.strokeStyle = color;
              ctx.lineWidth = 1;
              ctx.fill();
              ctx.stroke();
            }
          }
        }
        break;
      }
      case 'dots': {
        base();
        glow(w * 0.8, h * 0.15, w * 0.9, c3, 0.35);
        const fx = w * r.range(0.1, 0.4);
        const fy = h * r.range(0.7, 0.95);
        const gap = 34;
        ctx.fillStyle = rgba(c2, 0.8);
        for (let y = 0, row = 0; y < h + gap; y += gap * 0.87, row++) {
          for (let x = (row % 2) * (gap / 2); x < w + gap; x += gap) {
            const t = 1 - Math.min(1, Math.hypot(x - fx, y - fy) / (h * 0.75));
            const radius = (0.15 + 0.85 * t * t) * gap * 0.42;
            if (radius < 0.6) continue;
            circle(x, y, radius);
            ctx.fill();
          }
        }
        break;
      }
      case 'stripes': {
        ctx.fillStyle = c0;
        ctx.fillRect(0, 0, w, h);
        ctx.save();
        ctx.translate(w / 2, h / 2);
        ctx.rotate(r.range(0.5, 0.8));
        const colors = [c1, c2, c3, mix(c1, c2, 0.5)];
        for (let x = -h, i = 0; x < h; i++) {
          const width = r.range(24, 96);
          ctx.fillStyle = rgba(at(colors, i), r.range(0.55, 0.95));
          ctx.fillRect(x, -h, width, h * 2);
          x += width + r.range(8, 40);
        }
        ctx.restore();
        ctx.fillStyle = linear(0, 0, 0, h, [
          [0, rgba(c0, 0)],
          [1, rgba(c0, 0.55)],
        ]);
        ctx.fillRect(0, 0, w, h);
        break;
      }
      case 'bokeh': {
        base(Math.PI / 2 + 0.3);
        for (let i = 0; i < 42; i++) {
          const radius = r.range(10, 90);
          const x = r.range(0, w);
          const y = r.range(0, h);
          ctx.save();
          ctx.filter = `blur(${r.int(0, 3) * 4}px)`;
          circle(x, y, radius);
          ctx.fillStyle = rgba(r.pick([c2, c3, '#ffffff']), r.range(0.08, 0.32));
          ctx.fill();
          ctx.restore();
        }
        break;
      }
      case 'rings': {
        base();
        const centres: Array<[number, number, number]> = [
          [w * 1.05, h * 0.15, 26],
          [-w * 0.1, h * 0.9, 22],
        ];
        for (const [x, y, step] of centres) {
          for (let k = 1; k < 28; k++) {
            ring(x, y, k * step, k % 3 === 0 ? 8 : 2, rgba(k % 2 ? c2 : c3, k % 3 === 0 ? 0.35 : 0.55));
          }
        }
        break;
      }
      case 'contours': {
        base(Math.PI / 2 - 0.4);
        const centres = [0, 1, 2].map(() => [r.range(0.1, 0.9) * w, r.range(0.1, 0.9) * h, r.range(0, TAU), r.range(0, TAU)] as const);
        ctx.lineWidth = 2.4;
        for (const [x, y, p1, p2] of centres) {
          for (let k = 1; k < 12; k++) {
            const rr = k * 30;
            ctx.beginPath();
            for (let i = 0; i <= 120; i++) {
              const a = (i / 120) * TAU;
              const d = rr * (1 + 0.16 * Math.sin(3 * a + p1 + k * 0.18) + 0.08 * Math.sin(5 * a + p2));
              if (i === 0) ctx.moveTo(x + Math.cos(a) * d, y + Math.sin(a) * d);
              else ctx.lineTo(x + Math.cos(a) * d, y + Math.sin(a) * d);
            }
            ctx.closePath();
            ctx.strokeStyle = rgba(k % 4 === 0 ? c3 : c2, k % 4 === 0 ? 0.7 : 0.45);
            ctx.stroke();
          }
        }
        break;
      }
      case 'ribbons': {
        base();
        ctx.save();
        ctx.globalCompositeOperation = dark ? 'screen' : 'multiply';
        for (let i = 0; i < 4; i++) {
          const y = h * (0.15 + i * 0.22);
          ctx.beginPath();
          ctx.moveTo(-60, y + r.range(-80, 80));
          ctx.bezierCurveTo(w * 0.3, y - r.range(100, 240), w * 0.7, y + r.range(100, 240), w + 60, y + r.range(-80, 80));
          ctx.lineWidth = r.range(70, 150);
          ctx.lineCap = 'round';
          ctx.strokeStyle = linear(0, 0, w, 0, [
            [0, rgba(c2, 0.7)],
            [1, rgba(c3, 0.7)],
          ]);
          ctx.filter = 'blur(22px)';
          ctx.stroke();
          ctx.filter = 'none';
          ctx.lineWidth = 2;
          ctx.strokeStyle = rgba(dark ? '#ffffff' : c3, 0.35);
          ctx.stroke();
        }
        ctx.restore();
        break;
      }
      case 'dunes': {
        base();
        glow(w * 0.68, h * 0.3, 200, c3, 0.5);
        circle(w * 0.68, h * 0.3, 64);
        ctx.fillStyle = rgba(c3, 0.9);
        ctx.fill();
        for (let i = 0; i < 5; i++) {
          const y0 = h * (0.45 + i * 0.11);
          const phase = r.range(0, TAU);
          ctx.beginPath();
          ctx.moveTo(0, h);
          for (let x = 0; x <= w; x += 6) ctx.lineTo(x, y0 + Math.sin((x / w) * Math.PI * r.range(1.6, 1.7) + phase) * 40 + Math.sin((x / w) * 7 + phase) * 6);
          ctx.lineTo(w, h);
          ctx.closePath();
          ctx.fillStyle = linear(0, y0 - 40, 0, h, [
            [0, mix(c2, c1, i * 0.18)],
            [1, mix(mix(c2, c1, i * 0.18), c0, 0.5)],
          ]);
          ctx.fill();
        }
        break;
      }
      case 'grid': {
        base();
        const horizon = h * 0.52;
        glow(w / 2, horizon, w * 0.8, c3, 0.55);
        circle(w / 2, horizon - 40, 110);
        ctx.fillStyle = linear(0, horizon - 150, 0, horizon, [
          [0, c3],
          [1, c2],
        ]);
        ctx.fill();
        for (let i = 0; i < 5; i++) {
          ctx.fillStyle = c0;
          ctx.fillRect(0, horizon - 70 + i * 14, w, 3 + i * 1.5);
        }
        ctx.fillStyle = linear(0, horizon, 0, h, [
          [0, c1],
          [1, c0],
        ]);
        ctx.fillRect(0, horizon, w, h - horizon);
        ctx.strokeStyle = rgba(c2, 0.7);
        ctx.lineWidth = 1.5;
        for (let i = -12; i <= 12; i++) {
          ctx.beginPath();
          ctx.moveTo(w / 2, horizon);
          ctx.lineTo(w / 2 + i * 90, h);
          ctx.stroke();
        }
        for (let k = 0; k < 14; k++) {
          const y = horizon + (h - horizon) * Math.pow(k / 13, 2.2);
          ctx.beginPath();
          ctx.moveTo(0, y);
          ctx.lineTo(w, y);
          ctx.stroke();
        }
        for (let i = 0; i < 40; i++) {
          circle(r.range(0, w), r.range(0, horizon * 0.7), r.range(0.6, 1.8));
          ctx.fillStyle = rgba('#ffffff', r.range(0.3, 0.8));
          ctx.fill();
        }
        break;
      }
      case 'confetti': {
        base(Math.PI / 2 - 0.5);
        const colors = [c2, c3, mix(c2, c3, 0.5), dark ? '#ffffff' : darken(c3, 0.2)];
        glow(w * 0.3, h * 0.25, w * 0.9, c2, 0.25);
        for (let i = 0; i < 55; i++) {
          const x = r.range(0, w);
          const y = r.range(0, h);
          const color = rgba(r.pick(colors), r.range(0.7, 0.95));
          const kind = r.int(0, 3);
          const u = r.range(1.4, 2.4);
          if (kind === 0) pill(x, y, 22 * u, 8 * u, r.range(0, TAU), color);
          else if (kind === 1) {
            circle(x, y, 5 * u);
            ctx.fillStyle = color;
            ctx.fill();
          } else if (kind === 2) {
            ctx.save();
            ctx.translate(x, y);
            ctx.rotate(r.range(0, TAU));
            ctx.beginPath();
            ctx.moveTo(0, -8 * u);
            ctx.lineTo(7 * u, 6 * u);
            ctx.lineTo(-7 * u, 6 * u);
            ctx.closePath();
            ctx.fillStyle = color;
            ctx.fill();
            ctx.restore();
          } else squiggle(x, y, 30 * u, 4 * u, 2.2 * u, r.range(0, TAU), color);
        }
        break;
      }
      case 'hexagons': {
        base();
        const size = 44;
        const hw = Math.sqrt(3) * size;
        ctx.lineWidth = 2;
        for (let row = 0, y = 0; y < h + size * 2; row++, y += size * 1.5) {
          for (let x = (row % 2) * (hw / 2); x < w + hw; x += hw) {
            ctx.beginPath();
            for (let k = 0; k < 6; k++) {
              const a = Math.PI / 6 + (k * TAU) / 6;
              const px = x + Math.cos(a) * (size - 3);
              const py = y + Math.sin(a) * (size - 3);
              if (k === 0) ctx.moveTo(px, py);
              else ctx.lineTo(px, py);
            }
            ctx.closePath();
            const t = y / h;
            if (r.chance(0.3 + 0.4 * t)) {
              ctx.fillStyle = rgba(r.chance(0.5) ? c2 : c3, r.range(0.15, 0.55) * (0.4 + t));
              ctx.fill();
            }
            ctx.strokeStyle = rgba(c2, 0.25);
            ctx.stroke();
          }
        }
        break;
      }
      case 'chevrons': {
        ctx.fillStyle = c0;
        ctx.fillRect(0, 0, w, h);
        const colors = [c1, c2, c3, mix(c1, c3, 0.5)];
        const band = 70;
        for (let i = 0, y = -band; y < h + band * 2; i++, y += band) {
          ctx.beginPath();
          ctx.moveTo(0, y);
          for (let x = 0, k = 0; x <= w + 90; x += 90, k++) ctx.lineTo(x, y + (k % 2 ? 40 : 0));
          ctx.lineTo(w + 90, h + band * 2);
          ctx.lineTo(0, h + band * 2);
          ctx.closePath();
          ctx.fillStyle = rgba(at(colors, i), 0.35 + 0.5 * (i / (h / band)));
          ctx.fill();
        }
        break;
      }
      case 'sunburst': {
        ctx.fillStyle = c0;
        ctx.fillRect(0, 0, w, h);
        const x = w / 2;
        const y = h * 0.36;
        const rays = 28;
        for (let k = 0; k < rays; k++) {
          if (k % 2) continue;
          const a0 = (k / rays) * TAU;
          const a1 = ((k + 1) / rays) * TAU;
          ctx.beginPath();
          ctx.moveTo(x, y);
          ctx.arc(x, y, h * 1.2, a0, a1);
          ctx.closePath();
          ctx.fillStyle = rgba(c1, 0.55);
          ctx.fill();
        }
        glow(x, y, w * 0.8, c2, 0.8);
        circle(x, y, 90);
        ctx.fillStyle = radial(x, y, 90, [
          [0, lighten(c3, 0.4)],
          [1, c3],
        ]);
        ctx.fill();
        ring(x, y, 120, 3, rgba(c3, 0.5));
        ring(x, y, 150, 1.5, rgba(c3, 0.35));
        break;
      }
      default:
        throw new Error(`unknown background pattern ${spec.pattern}`);
    }
    // A soft vignette so a logo and text stay readable on every pattern.
    ctx.fillStyle = radial(w / 2, h * 0.45, h * 0.75, [
      [0.4, 'rgba(0,0,0,0)'],
      [1, dark ? 'rgba(0,0,0,0.35)' : rgba(c3, 0.12)],
    ]);
    ctx.fillRect(0, 0, w, h);
  }

  g.renderArt = (job: Job): Rendered => {
    if (canvas.width !== job.width || canvas.height !== job.height) {
      canvas = g.document.createElement('canvas');
      canvas.width = job.width;
      canvas.height = job.height;
      ctx = context(canvas);
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = 1;
    ctx.globalCompositeOperation = 'source-over';
    ctx.filter = 'none';
    ctx.shadowColor = 'rgba(0,0,0,0)';
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, job.width, job.height);
    const r = makeRand(job.seed);
    const { spec } = job;
    if (spec.type === 'product') product(r, job.width, job.height, spec);
    else if (spec.type === 'categoryIcon') categoryIcon(r, job.width, job.height, spec);
    else if (spec.type === 'categoryImage') categoryImage(r, job.width, job.height, spec);
    else if (spec.type === 'slide') slide(r, job.width, job.height, spec);
    else if (spec.type === 'categoryBackground') categoryBackground(r, job.width, job.height, spec);
    else background(r, job.width, job.height, spec);

    let last: Rendered = { base64: '', quality: 0 };
    for (const quality of job.qualities) {
      const url = canvas.toDataURL('image/webp', quality);
      if (!url.startsWith('data:image/webp;base64,')) throw new Error('this Chromium cannot encode WebP');
      last = { base64: url.slice('data:image/webp;base64,'.length), quality };
      if ((last.base64.length * 3) / 4 <= job.maxBytes) break;
    }
    return last;
  };
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

function kindOf(key: string): { kind: Kind; slug: string } {
  const slash = key.indexOf('/');
  const kind = key.slice(0, slash) as Kind;
  const slug = key.slice(slash + 1);
  if (!KINDS.includes(kind) || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) throw new Error(`bad image key: ${key}`);
  return { kind, slug };
}

async function main(): Promise<void> {
  const jobs = buildJobs();
  const iconNames = new Set<string>();
  for (const { spec } of jobs) {
    if ('motif' in spec) iconNames.add(spec.motif);
    if ('motifs' in spec) spec.motifs.forEach((motif) => iconNames.add(motif));
  }
  const icons = Object.fromEntries([...iconNames].sort().map((name) => [name, loadIcon(name)]));
  const fonts = ['400', '700', '900'].map((weight) => ({ weight, base64: readFileSync(`${FONTS_DIR}roboto-latin-${weight}-normal.woff2`).toString('base64') }));

  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const outputs: Array<{ key: string; file: string; url: string; bytes: Buffer; quality: number }> = [];
  try {
    const page = await browser.newPage();
    // tsx keeps function names with a __name helper; the page needs it too.
    await page.evaluate('globalThis.__name = (target) => target');
    await page.evaluate(installRenderer, { icons, fonts });
    for (const job of jobs) {
      const rendered = await page.evaluate((j) => (globalThis as unknown as BrowserGlobals).renderArt?.(j), job);
      if (!rendered) throw new Error('renderer missing');
      const bytes = Buffer.from(rendered.base64, 'base64');
      if (bytes.length > MAX_BYTES) throw new Error(`${job.key}: ${bytes.length} bytes even at quality ${rendered.quality} (limit ${MAX_BYTES})`);
      const { kind, slug } = kindOf(job.key);
      const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 8);
      const file = `${kind}/${slug}.${hash}.webp`;
      outputs.push({ key: job.key, file, url: `/catalogue/${file}`, bytes, quality: rendered.quality });
    }
  } finally {
    await browser.close();
  }

  rmSync(OUT_DIR, { recursive: true, force: true });
  for (const kind of KINDS) mkdirSync(`${OUT_DIR}${kind}`, { recursive: true });
  for (const output of outputs) writeFileSync(`${OUT_DIR}${output.file}`, output.bytes);
  const map = Object.fromEntries([...outputs].sort((a, b) => (a.key < b.key ? -1 : 1)).map((o) => [o.key, o.url]));
  writeFileSync(IMAGES_JSON, `${JSON.stringify(map, null, 2)}\n`);

  for (const kind of KINDS) {
    const ofKind = outputs.filter((o) => o.file.startsWith(`${kind}/`));
    const total = ofKind.reduce((sum, o) => sum + o.bytes.length, 0);
    const largest = ofKind.reduce((max, o) => Math.max(max, o.bytes.length), 0);
    console.log(
      `${kind.padEnd(21)} ${String(ofKind.length).padStart(4)} files, ${(total / 1024).toFixed(0).padStart(5)} KB, largest ${(largest / 1024).toFixed(1)} KB`,
    );
  }
  const largest = outputs.reduce((max, o) => (o.bytes.length > max.bytes.length ? o : max));
  const total = outputs.reduce((sum, o) => sum + o.bytes.length, 0);
  const lowered = outputs.filter((o) => o.quality < (QUALITIES[0] ?? 1)).length;
  console.log(
    `wrote ${outputs.length} pictures (${(total / 1024 / 1024).toFixed(2)} MB) under public/catalogue/ and server/src/db/sample-catalogue/images.json`,
  );
  console.log(`largest: ${largest.file} (${(largest.bytes.length / 1024).toFixed(1)} KB); ${lowered} needed a quality below ${QUALITIES[0]}`);
}

await main();
