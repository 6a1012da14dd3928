/**
 * The zod every contract schema is built with. In a browser, zod must not probe for eval
 * (`new Function('')`): the portal's Content-Security-Policy has no 'unsafe-eval', and the probe
 * alone is reported as a violation. zod decides when a schema is constructed, so this module is
 * imported (and so evaluated) before any contract schema exists. The server keeps zod's
 * compiled parsers.
 */
import { z } from 'zod';

if (typeof (globalThis as { document?: unknown }).document !== 'undefined') z.config({ jitless: true });

export { z };
