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

/**
 * Module preloads added per task, from the task after the boot (which adds the font preloads and
 * the first script): each starts a request on the main thread, 5 to 17 ms at Lighthouse's 4x CPU
 * slowdown on the CI machine, and /templates names 40 of them, which added at once made one 230 ms
 * task at 4x. Three at a time still made tasks of 8-22 ms in Lighthouse's own traces (over 50 ms
 * at 4x); one at a time, each stays short.
 */
const LINKS_PER_TASK = 1;

/**
 * Loads `entry` and its `preloads` once, after the first contentful paint, and `stylesheets` once
 * the font files they name (`fonts`) are fetched. A stylesheet whose faces are still loading makes
 * the browser lay the page out again with fonts pending, which is several times slower than with
 * them loaded (about 200 ms against 20 ms for the homepage on the CI machine): preloaded first, the
 * faces are ready when the stylesheet applies, so the page is laid out once with Roboto.
 *
 * The entry's own imports (`staged`, in the entry's import order) run first, each as a module
 * script of its own once the one before has run: the browser evaluates a module graph in one task,
 * and the whole first screen's graph (React, MUI, the router, the app) took ~85 ms on the CI
 * machine, ~340 ms at Lighthouse's 4x CPU slowdown, all of it blocking. One chunk at a time, the
 * page can answer input between them. The order is the one the entry's import would evaluate them
 * in; every file is already being fetched by its modulepreload, so the chain waits for no network.
 * The modulepreloads are added LINKS_PER_TASK at a time, one batch per task.
 */
function bootScript(entry: string, preloads: readonly string[], stylesheets: readonly string[], fonts: readonly string[], staged: readonly string[]): string {
  const links = JSON.stringify(preloads.map((href) => ['modulepreload', href]));
  const scripts = JSON.stringify([...staged.filter((file) => preloads.includes(file)), entry]);
  return `(function(){document.addEventListener('click',function(e){var b=e.target&&e.target.closest&&e.target.closest('button');if(b&&!document.documentElement.hasAttribute('data-hydrated'))window.__earlyTap=b},true);var done=false;function boot(){if(done)return;done=true;var h=document.head;function add(rel,href,as){var l=document.createElement('link');l.rel=rel;if(as){l.as=as;l.type='font/woff2'}l.crossOrigin='';l.href=href;h.appendChild(l);return l}function sheets(){${JSON.stringify(stylesheets)}.forEach(function(href){add('stylesheet',href)})}var fonts=${JSON.stringify(fonts)},waiting=fonts.length;if(!waiting)sheets();fonts.forEach(function(href){var l=add('preload',href,'font');l.onload=l.onerror=function(){if(--waiting===0)sheets()}});var links=${links};function more(i){links.slice(i,i+${LINKS_PER_TASK}).forEach(function(f){add(f[0],f[1])});if(i+${LINKS_PER_TASK}<links.length)setTimeout(function(){more(i+${LINKS_PER_TASK})},0)}setTimeout(function(){more(0)},0);var scripts=${scripts};(function run(i){var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=scripts[i];if(i+1<scripts.length)s.onload=s.onerror=function(){run(i+1)};h.appendChild(s)})(0)}var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0){var o=new P(function(list){if(list.getEntriesByName('first-contentful-paint').length){o.disconnect();boot()}});o.observe({type:'paint',buffered:true})}else{requestAnimationFrame(function(){setTimeout(boot,0)})}})();`;
}

/** The modulepreloads an HTML page names, in its order (index.html: the entry's own imports). */
export function modulePreloadsOf(html: string): string[] {
  return [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] as string);
}

/** The woff2 files a stylesheet's font faces name. */
export function woff2FilesOf(css: string): string[] {
  return [...new Set([...css.matchAll(/url\((\/assets\/[\w.-]+\.woff2)\)/g)].map((match) => match[1] as string))];
}

/**
 * The page with its entry script, modulepreloads and stylesheet links replaced by the after-paint
 * loader, and the loader's source (for its CSP hash); the page unchanged and null when it has no
 * entry script. `fontsOf` names the font files a stylesheet's faces load, preloaded before it;
 * `staged` the entry's own imports, run one by one before it.
 */
export function withBootAfterPaint(
  html: string,
  fontsOf: (stylesheet: string) => readonly string[] = () => [],
  staged: readonly string[] = [],
): { html: string; script: string | null } {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) return { html, script: null };
  const preloads = modulePreloadsOf(html);
  const stylesheets = [...html.matchAll(STYLESHEET)].map((match) => match[1] as string);
  const script = bootScript(entry, preloads, stylesheets, stylesheets.flatMap(fontsOf), staged);
  const noscript = stylesheets.map((href) => `<noscript><link rel="stylesheet" href="${href}"></noscript>`).join('\n    ');
  const stripped = html.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '').replace(STYLESHEET, '');
  return {
    html: stripped.replace(/<\/head>/i, () => `  ${noscript}\n  </head>`).replace(/<\/body>/i, () => `  <script>${script}</script>\n  </body>`),
    script,
  };
}
