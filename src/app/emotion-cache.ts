/**
 * MUI's style cache (emotion) and how a prerendered page hands its styles over to it.
 *
 * A prerendered page (src/prerender/render.tsx) carries the rules its markup uses in one style
 * element, marked with SERVED_STYLES_ATTRIBUTE: the cache's key and the ids of the rules. The
 * browser's cache takes the ids as inserted and leaves the element where it is. Emotion's own
 * hand-over (`data-emotion`) moves every such element in the head, once per cache with that key
 * (and @emotion/react makes a default one): each move makes the browser drop the stylesheet and
 * restyle the whole page, three times for /templates' 34 kB of rules before it could hydrate.
 */
import createCache, { type EmotionCache } from '@emotion/cache';

export const EMOTION_KEY = 'css';

/** `<style data-served-emotion="css id1 id2 ...">`: the page's rules, already in the document. */
export const SERVED_STYLES_ATTRIBUTE = 'data-served-emotion';

/** The browser's cache: `nonce` is the page's style nonce (the Content-Security-Policy's). */
export function createBrowserEmotionCache(doc: Document, nonce: string | undefined): EmotionCache {
  const cache = createCache({ key: EMOTION_KEY, nonce });
  for (const node of doc.querySelectorAll(`style[${SERVED_STYLES_ATTRIBUTE}]`)) {
    const [key, ...ids] = (node.getAttribute(SERVED_STYLES_ATTRIBUTE) ?? '').split(' ');
    if (key !== cache.key) continue;
    // `true` is emotion's own mark for a rule a server-rendered style element holds.
    for (const id of ids) if (id) cache.inserted[id] = true;
  }
  return cache;
}
