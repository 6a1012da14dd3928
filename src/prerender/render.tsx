/**
 * The prerender's entry (built for Node by scripts/prerender.ts): renders one public page with
 * the portal's own tree (AppRoot) and returns its HTML, the MUI/emotion styles it uses, and the
 * head the page reported (its title and description). No page's copy exists anywhere else.
 *
 * It runs the browser's code paths (the router is told it is not on a server) so that the HTML
 * is exactly what the client's first render produces, and React hydrates it (src/main.tsx).
 * Nothing here calls the API. Data is either read by the server for the request and passed in
 * (`/templates` with its templates, rendered per request: server/src/web/page-renderer.ts), or the
 * client's, and then a data part renders its loading state, as it does while the page hydrates
 * (src/lib/hydration.ts). The build renders every public page once, without data; the server
 * runs the same bundle (dist/.vite/ssr/render.js) in a worker for the pages it renders per request.
 */
import { prerenderToNodeStream } from 'react-dom/static';
import createCache from '@emotion/cache';
import createEmotionServer from '@emotion/server/create-instance';
import { createMemoryHistory } from '@tanstack/react-router';
import { AppRoot } from '@/app/AppRoot';
import { EMOTION_KEY, SERVED_STYLES_ATTRIBUTE } from '@/app/emotion-cache';
import { createQueryClient } from '@/app/query-client';
import { createAppRouter } from '@/app/router';
import { PageHeadCollector, type PageHead } from '@/lib/hydration';
import { applyServedData } from '@/lib/served-data';
import type { PrerenderedPage, ServedData } from '@contract/pages';

export { PUBLIC_PAGES } from '@contract/pages';

/** Replaced by each response's style nonce (server/src/web/portal.ts). */
export const NONCE_PLACEHOLDER = '__CSP_STYLE_NONCE__';

/** The page's loaders must not wait for data: the prerender never answers them. */
const LOAD_TIMEOUT_MS = 10_000;

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
  return text;
}

/**
 * `path` may carry a search (`/templates?category=...`). `served`: data the server read for this
 * request (server/src/web/page-renderer.ts), which the page renders as the client will after
 * putting the same data into its cache; without it, data parts render their loading state.
 */
export async function renderPage(path: string, served: ServedData = { readAt: 0, queries: [] }): Promise<PrerenderedPage> {
  // The API is the client's: a request never settles here, so its query stays in its loading state.
  globalThis.fetch = () => new Promise<Response>(() => {});
  const queryClient = createQueryClient();
  applyServedData(queryClient, served);
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }), true);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    router.load(),
    new Promise((_resolve, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new Error(
              `${path}: its route waited for data for ${LOAD_TIMEOUT_MS} ms; a public page's loader must not await the API (prefetch without waiting, and render the loading state)`,
            ),
          ),
        LOAD_TIMEOUT_MS,
      );
    }),
  ]).finally(() => clearTimeout(timer));
  const match = router.state.matches.at(-1);
  // The root as the deepest match: no route has this path (the not-found page).
  if (!match || match.status !== 'success' || match.routeId === '__root__')
    throw new Error(`${path}: the route did not render (${match?.status ?? 'no match'})`);

  const emotionCache = createCache({ key: EMOTION_KEY, nonce: NONCE_PLACEHOLDER });
  const { extractCriticalToChunks } = createEmotionServer(emotionCache);
  const head: PageHead = {};
  const collect = (reported: PageHead) => Object.assign(head, Object.fromEntries(Object.entries(reported).filter(([, value]) => value !== undefined)));
  const { prelude } = await prerenderToNodeStream(
    <PageHeadCollector value={collect}>
      <AppRoot emotionCache={emotionCache} queryClient={queryClient} router={router} />
    </PageHeadCollector>,
    // One document in order: React would otherwise move a large part out of line, to be put in
    // place by an inline script (which the Content-Security-Policy refuses, and a no-JS visitor lacks).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await streamToString(prelude);
  queryClient.clear();
  if (!head.title || !head.description) throw new Error(`${path}: the page reported no title or description (useDocumentTitle)`);
  const chunks = extractCriticalToChunks(html);
  // A styled() component wrapping another (MUI's ButtonRoot around ButtonBase, say) serialises its
  // own styles as a class of their own before they merge into the class the element gets; only the
  // merged one is in the HTML, so the critical styles leave the others out, and the client parsed
  // and inserted every one of them again while hydrating (122 of the 178 rules /templates inserted).
  // Their names, without their rules, tell the client's cache they are in place: no element uses them.
  const shipped = new Set(chunks.styles.flatMap((chunk) => chunk.ids));
  const composed = Object.keys(emotionCache.inserted).filter((id) => !shipped.has(id));
  return { path: path.split('?', 1)[0] ?? path, title: head.title, description: head.description, html, styles: styleTags(chunks.styles, composed) };
}

/**
 * The page's style elements (src/app/emotion-cache.ts). Its rules are one element, whose ids the
 * client's cache takes as inserted, with the names of the composed classes. A global style
 * (CssBaseline's) keeps emotion's mark, by which its <Global> finds it on the client; `data-s`
 * keeps emotion's caches from moving it as well.
 */
function styleTags(chunks: readonly { key: string; ids: string[]; css: string }[], composed: readonly string[]): string {
  const nonce = ` nonce="${NONCE_PLACEHOLDER}"`;
  return chunks
    .map((chunk) =>
      chunk.key === EMOTION_KEY
        ? `<style ${SERVED_STYLES_ATTRIBUTE}="${[EMOTION_KEY, ...chunk.ids, ...composed].join(' ')}"${nonce}>${chunk.css}</style>`
        : `<style data-emotion="${chunk.key} ${chunk.ids.join(' ')}" data-s=""${nonce}>${chunk.css}</style>`,
    )
    .join('');
}
