/**
 * The design editor's rules, pure and unit-tested: the controls a section shows (generated from
 * the Creation schema and the section map), an edit as the patch useDesignDoc().applyEdit takes
 * (with spec section 4's colour derivation and the bottom bar closing the side drawer), undo and
 * redo over those patches, and the WCAG AA contrast check.
 */
import { READABLE_CONTRAST, contrastRatio, deriveBackground, normaliseColour } from '@contract/colour';
import { brandColourPatch, handSetPatch, isDerivedPath } from '@contract/design/derived';
import { type Creation, FONT_FAMILIES, creationSchema, defaultCreation } from '@contract/design/schemas';
import { isPlainObject } from '@contract/design/realtime';
import { EDITOR_SECTIONS, type EditorSection, FIELD_LABELS, GROUP_LABELS } from './section-map';

// ------------------------------------------------------------------ controls from the schema

export type Control =
  | { kind: 'colour'; path: string; label: string }
  | { kind: 'gradient'; path: string; label: string }
  | { kind: 'corners'; path: string; label: string }
  | { kind: 'font'; path: string; label: string; options: readonly string[] }
  | { kind: 'switch'; path: string; label: string }
  | { kind: 'theme'; path: string; label: string; options: readonly string[] }
  | { kind: 'select'; path: string; label: string; options: readonly string[] }
  | { kind: 'number'; path: string; label: string; min: number; max: number; step: number }
  | { kind: 'text'; path: string; label: string; max: number }
  | { kind: 'background-image'; path: string; label: string }
  | { kind: 'image'; path: string; label: string };

/** The zod internals the walk reads (zod 4's `def`). */
interface SchemaNode {
  def: { type: string; innerType?: SchemaNode; in?: SchemaNode; shape?: Record<string, SchemaNode>; checks?: Array<{ _zod?: { def?: { check?: string; maximum?: number } } }> };
  shape?: Record<string, SchemaNode>;
  options?: readonly string[];
  minValue?: number | null;
  maxValue?: number | null;
  isInt?: boolean;
  maxLength?: number | null;
}

/** The schema under default/prefault/optional wrappers and a transform's input side. */
function unwrap(node: SchemaNode): SchemaNode {
  let current = node;
  for (;;) {
    const { type, innerType, in: input } = current.def;
    if ((type === 'default' || type === 'prefault' || type === 'optional' || type === 'nullable') && innerType) current = innerType;
    else if (type === 'pipe' && input) current = input;
    else return current;
  }
}

export function nodeAt(path: string): SchemaNode | undefined {
  let node: SchemaNode | undefined = creationSchema as unknown as SchemaNode;
  for (const key of path.split('/')) {
    const object: SchemaNode | undefined = node ? unwrap(node) : undefined;
    node = object?.def.type === 'object' ? object.def.shape?.[key] : undefined;
  }
  return node;
}

export function valueAt(value: unknown, path: string): unknown {
  return path.split('/').reduce<unknown>((current, key) => (current !== null && typeof current === 'object' ? (current as Record<string, unknown>)[key] : undefined), value);
}

const WORDS: Record<string, string> = { CTA: 'CTA', ui: 'UI' };

/** 'paneOpacity' -> 'Pane opacity'; 'toolBar' -> 'Toolbar'. */
export function humanise(key: string): string {
  if (WORDS[key]) return WORDS[key];
  const words = key
    .replace(/^is(?=[A-Z])/, '')
    .replace(/toolBar/gi, 'toolbar')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/productDetails/i, 'product details')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A control's label: its group's name and its path inside it, in words ('Toolbar gradient', 'Logo border radius'). */
function labelFor(path: string, root: string): string {
  if (FIELD_LABELS[path]) return FIELD_LABELS[path];
  const [group = '', ...rest] = path.split('/');
  const prefix = GROUP_LABELS[group] ?? humanise(group);
  const inner = (root.includes('/') && path === root ? [root.split('/').pop() as string] : rest).map((key) => key.replace(/^is(?=[A-Z])/, ''));
  const shown = inner.at(-1) === 'Show';
  const named = shown ? inner.slice(0, -1) : inner;
  // ['logo', 'borderRadius'] -> 'logoBorderRadius' -> 'Logo border radius'; 'font font family' -> 'font family'.
  const words = humanise(named.map((key, index) => (index === 0 ? key : key.charAt(0).toUpperCase() + key.slice(1))).join('')).replace(/\b(\w+) \1\b/gi, '$1');
  const label = [prefix, prefix ? words.toLowerCase() : words].filter(Boolean).join(' ');
  return shown ? `Show ${label.charAt(0).toLowerCase()}${label.slice(1)}` : label;
}

const COLOUR = /^#[0-9A-F]{8}$/;
/** Text fields that hold a picture's address: shown as the picture, never as the address. */
const PICTURES: ReadonlySet<string> = new Set(['shop/logo']);
const DEFAULTS = defaultCreation();

function numberBounds(node: SchemaNode): { min: number; max: number; step: number } {
  const min = node.minValue ?? 0;
  const max = node.maxValue ?? 100;
  return { min, max, step: node.isInt || max - min > 10 ? 1 : 0.01 };
}

/** The controls of one Creation path (a group: each field inside it; composites as one control). */
export function controlsAt(path: string, defaults: Creation, root = path): Control[] {
  const node = nodeAt(path);
  if (!node) return [];
  const inner = unwrap(node);
  const value = valueAt(defaults, path);
  const key = path.split('/').pop() as string;
  const label = labelFor(path, root);
  if (inner.def.type === 'object' && isPlainObject(value)) {
    if ('colors' in value && 'direction' in value && 'spread' in value) return [{ kind: 'gradient', path, label }];
    if ('topLeft' in value && 'bottomRight' in value) return [{ kind: 'corners', path, label }];
    if ('fullUrl' in value && 'value' in value) return [{ kind: 'background-image', path, label }];
    return Object.keys(inner.def.shape ?? {}).flatMap((child) => controlsAt(`${path}/${child}`, defaults, root));
  }
  switch (inner.def.type) {
    case 'boolean':
      return [{ kind: 'switch', path, label }];
    case 'enum': {
      const options = inner.options ?? [];
      return [key === 'theme' ? { kind: 'theme', path, label, options } : { kind: 'select', path, label, options }];
    }
    case 'number':
      return [{ kind: 'number', path, label, ...numberBounds(inner) }];
    case 'string':
      if (typeof value === 'string' && COLOUR.test(value)) return [{ kind: 'colour', path, label }];
      if (key === 'fontFamily') return [{ kind: 'font', path, label, options: FONT_FAMILIES }];
      if (PICTURES.has(path)) return [{ kind: 'image', path, label }];
      return [{ kind: 'text', path, label, max: inner.maxLength ?? 200 }];
    default:
      // Lists (ids, background names) are chosen elsewhere (the shop's categories, the image picker).
      return [];
  }
}

const covered = (path: string, roots: readonly string[]) => roots.some((root) => path === root || path.startsWith(`${root}/`));

/** Every control of a section, in the order of its map entry. */
export function sectionControls(section: EditorSection, defaults: Creation): Control[] {
  return section.fields.flatMap((field) => controlsAt(field, defaults)).filter((control) => !covered(control.path, section.except ?? []));
}

/** Every Creation path some section edits (the map's coverage, for tests and the docs). */
export function editedPaths(defaults: Creation): string[] {
  return EDITOR_SECTIONS.flatMap((section) => sectionControls(section, defaults).map((control) => control.path));
}

const RIPPLE_THEMES: readonly string[] = ['theme_f', 'theme_g', 'theme_h'];

/** Whether a control applies to the design as it is: splash ripples exist for themes f, g and h only. */
export function isControlShown(control: Control, creation: Creation): boolean {
  if (control.path === 'splashScreen/ripplesCount') return RIPPLE_THEMES.includes(creation.splashScreen.theme);
  return true;
}

// ------------------------------------------------------------------ an edit as a patch

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
      if (typeof value === 'string' && COLOUR.test((valueAt(DEFAULTS, path) as string | undefined) ?? '')) return colour ? { [path]: colour, ...handSetPatch(creation, path, colour) } : {};
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

// ------------------------------------------------------------------ undo and redo

export interface HistoryEntry {
  redo: Patch;
  undo: Patch;
  /** When a drag's step was made (ms): a drag's steps on the same fields are one undo step; typed edits carry none. */
  at?: number;
}

export interface History {
  past: HistoryEntry[];
  future: HistoryEntry[];
}

export const HISTORY_LIMIT = 200;
/** Edits to the same fields closer than this (a slider or colour drag) merge into one undo step. */
export const COALESCE_MS = 600;
export const emptyHistory = (): History => ({ past: [], future: [] });

/** A new edit: remembered for undo; whatever was undone can no longer be redone. */
export function recordEdit(history: History, entry: HistoryEntry): History {
  const last = history.past.at(-1);
  const sameFields = last !== undefined && Object.keys(last.redo).join() === Object.keys(entry.redo).join();
  if (sameFields && last.at !== undefined && entry.at !== undefined && entry.at - last.at < COALESCE_MS) {
    return { past: [...history.past.slice(0, -1), { redo: entry.redo, undo: last.undo, at: entry.at }], future: [] };
  }
  return { past: [...history.past, entry].slice(-HISTORY_LIMIT), future: [] };
}

/** The patch that undoes the last edit, and the history after it (null: nothing to undo). */
export function undo(history: History): { history: History; patch: Patch } | null {
  const entry = history.past.at(-1);
  if (!entry) return null;
  return { history: { past: history.past.slice(0, -1), future: [entry, ...history.future] }, patch: entry.undo };
}

export function redo(history: History): { history: History; patch: Patch } | null {
  const entry = history.future[0];
  if (!entry) return null;
  return { history: { past: [...history.past, entry], future: history.future.slice(1) }, patch: entry.redo };
}

/** Ctrl/Cmd+Z undoes; Ctrl/Cmd+Shift+Z and Ctrl/Cmd+Y redo. */
export function historyKey(event: { key: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }): 'undo' | 'redo' | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !event.shiftKey) return 'redo';
  return null;
}

// ------------------------------------------------------------------ contrast (WCAG 2.1)

export const WCAG_AA = READABLE_CONTRAST;
export { contrastRatio };

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
