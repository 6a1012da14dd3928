/**
 * A prerendered page paints from its HTML alone; its JavaScript (about 170 kB gzip with the
 * route's chunks) only hydrates it, and the Roboto files only restyle its text (index.html's
 * metric-matched fallback face keeps every line where it is). Requested from the <head>, both
 * share the first round trips with the HTML, and on a slow phone the scripts' evaluation runs
 * before the first paint. So on a prerendered page the entry script, its modulepreloads and the
 * entry's stylesheet (the font faces) are requested only once the browser has painted the page
 * (its first-contentful-paint entry; on a browser without paint timing, the frame after the page
 * is parsed), by a small inline script at the end of <body> allowed by its hash
 * (Content-Security-Policy script-src). Without JavaScript, a <noscript> copy of the stylesheet
 * link loads the fonts.
 *
 * A link works before the scripts arrive, a button does not: the loader remembers the last button
 * the visitor pressed meanwhile (window.__earlyTap), and the entry presses it again once React owns
 * the page (src/app/early-tap.ts).
 */

const ENTRY_SCRIPT = /\s*<script type="module"(?: crossorigin)? src="(\/assets\/[\w.-]+\.js)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"(?: crossorigin)? href="(\/assets\/[\w.-]+\.js)">/g;
const STYLESHEET = /\s*<link rel="stylesheet"(?: crossorigin)? href="(\/assets\/[\w.-]+\.css)">/g;

/** Loads `stylesheets`, `entry` and its `preloads` once, after the first contentful paint. */
function bootScript(entry: string, preloads: readonly string[], stylesheets: readonly string[]): string {
  const links = JSON.stringify([...stylesheets.map((href) => ['stylesheet', href]), ...preloads.map((href) => ['modulepreload', href])]);
  return `(function(){document.addEventListener('click',function(e){var b=e.target&&e.target.closest&&e.target.closest('button');if(b&&!document.documentElement.hasAttribute('data-hydrated'))window.__earlyTap=b},true);var done=false;function boot(){if(done)return;done=true;var h=document.head;${links}.forEach(function(f){var l=document.createElement('link');l.rel=f[0];l.crossOrigin='';l.href=f[1];h.appendChild(l)});var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entry)};h.appendChild(s)}var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0){var o=new P(function(list){if(list.getEntriesByName('first-contentful-paint').length){o.disconnect();boot()}});o.observe({type:'paint',buffered:true})}else{requestAnimationFrame(function(){setTimeout(boot,0)})}})();`;
}

/**
 * The page with its entry script, modulepreloads and stylesheet links replaced by the after-paint
 * loader, and the loader's source (for its CSP hash); the page unchanged and null when it has no
 * entry script.
 */
export function withBootAfterPaint(html: string): { html: string; script: string | null } {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) return { html, script: null };
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] as string);
  const stylesheets = [...html.matchAll(STYLESHEET)].map((match) => match[1] as string);
  const script = bootScript(entry, preloads, stylesheets);
  const noscript = stylesheets.map((href) => `<noscript><link rel="stylesheet" href="${href}"></noscript>`).join('\n    ');
  const stripped = html.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '').replace(STYLESHEET, '');
  return {
    html: stripped.replace(/<\/head>/i, () => `  ${noscript}\n  </head>`).replace(/<\/body>/i, () => `  <script>${script}</script>\n  </body>`),
    script,
  };
}
