import { readFileSync } from 'node:fs';

/** FIREBASE_SERVICE_ACCOUNT's service account: the JSON itself, or the path of a file holding it. */
export function serviceAccountOf(value: string): object {
  return JSON.parse(value.trim().startsWith('{') ? value : readFileSync(value, 'utf8')) as object;
}
