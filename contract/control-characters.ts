/** The one control-character rule of every text input, redirect path and file name. Zod-free. */

/** C0 and C1 control characters, DEL and NUL: matching them is the point of these patterns. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
/** The same, less tab (U+0009) and newline (U+000A): free text over several lines. */
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_TAB_AND_NEWLINE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
/** Global for replace (a global pattern in `test` would keep state between calls). */
const EVERY_CONTROL = new RegExp(CONTROL.source, 'g');

export function hasControlCharacters(value: string, { multiLine = false }: { multiLine?: boolean } = {}): boolean {
  return (multiLine ? CONTROL_BUT_TAB_AND_NEWLINE : CONTROL).test(value);
}

export function withoutControlCharacters(value: string): string {
  return value.replace(EVERY_CONTROL, '');
}
