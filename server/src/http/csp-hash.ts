import { createHash } from 'node:crypto';

/** The CSP source of a text's sha256: `'sha256-<base64>'` (allows that exact inline style). */
export function sha256Source(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}
