/**
 * A prerendered page paints from its HTML alone; its JavaScript (about 170 kB gzip with the
 * route's chunks) only hydrates it. Requested from the <head>, those scripts share the first
 * round trips with the HTML and the fonts, and on a slow phone their evaluation runs before the
 * first paint. So on a prerendered page the entry script and its modulepreloads are requested
 * only once the browser has painted the page (its first-contentful-paint entry; on a browser
 * without paint timing, the frame after the page is parsed), by a small inline script at the end
 * of <body> allowed by its hash (Content-Security-Policy script-src).
 */

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">/g;

/** Loads `entry` (and preloads `preloads`) once, after the first contentful paint. */
function bootScript(entry: string, preloads: readonly string[]): string {
  const files = JSON.stringify(preloads);
  return `(function(){var done=false;function boot(){if(done)return;done=true;var h=document.head;${files}.forEach(function(f){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=f;h.appendChild(l)});var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entry)};h.appendChild(s)}var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0){var o=new P(function(list){if(list.getEntriesByName('first-contentful-paint').length){o.disconnect();boot()}});o.observe({type:'paint',buffered:true})}else{requestAnimationFrame(function(){setTimeout(boot,0)})}})();`;
}

/**
 * The page with its entry script and modulepreloads replaced by the after-paint loader, and the
 * loader's source (for its CSP hash); the page unchanged and null when it has no entry script.
 */
export function withBootAfterPaint(html: string): { html: string; script: string | null } {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) return { html, script: null };
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] as string);
  const script = bootScript(entry, preloads);
  const stripped = html.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '');
  return { html: stripped.replace(/<\/body>/i, () => `  <script>${script}</script>\n  </body>`), script };
}
