/**
 * The controls a section of the design editor shows, generated from the Creation schema and
 * the section map (section-map.ts): kind, label, bounds and whether they apply.
 */
import { type Creation, FONT_FAMILIES, creationSchema } from '@contract/design/schemas';
import { isPlainObject } from '@contract/design/realtime';
import { EDITOR_SECTIONS, type EditorSection, FIELD_LABELS, GROUP_LABELS } from './section-map';

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
  def: {
    type: string;
    innerType?: SchemaNode;
    in?: SchemaNode;
    shape?: Record<string, SchemaNode>;
    checks?: Array<{ _zod?: { def?: { check?: string; maximum?: number } } }>;
  };
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

function nodeAt(path: string): SchemaNode | undefined {
  let node: SchemaNode | undefined = creationSchema as unknown as SchemaNode;
  for (const key of path.split('/')) {
    const object: SchemaNode | undefined = node ? unwrap(node) : undefined;
    node = object?.def.type === 'object' ? object.def.shape?.[key] : undefined;
  }
  return node;
}

export function valueAt(value: unknown, path: string): unknown {
  return path
    .split('/')
    .reduce<unknown>((current, key) => (current !== null && typeof current === 'object' ? (current as Record<string, unknown>)[key] : undefined), value);
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

/** A colour as the Creation stores it (#RRGGBBAA). */
export const COLOUR = /^#[0-9A-F]{8}$/;
/** Text fields that hold a picture's address: shown as the picture, never as the address. */
const PICTURES: ReadonlySet<string> = new Set(['shop/logo']);

function numberBounds(node: SchemaNode): { min: number; max: number; step: number } {
  const min = node.minValue ?? 0;
  const max = node.maxValue ?? 100;
  return { min, max, step: node.isInt || max - min > 10 ? 1 : 0.01 };
}

/** The controls of one Creation path (a group: each field inside it; composites as one control). */
function controlsAt(path: string, defaults: Creation, root = path): Control[] {
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
