// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { SERVED_STYLES_ATTRIBUTE, createBrowserEmotionCache } from '@/app/emotion-cache';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('createBrowserEmotionCache', () => {
  it("takes the prerendered page's rules as inserted, and leaves their element where it is", async () => {
    document.head.innerHTML = [
      '<style data-emotion="css-global 1a2b" data-s="">html{margin:0}</style>',
      `<style ${SERVED_STYLES_ATTRIBUTE}="css abc def">.css-abc{color:red}</style>`,
      `<style ${SERVED_STYLES_ATTRIBUTE}="other xyz">.other-xyz{color:blue}</style>`,
    ].join('');
    const before = [...document.head.children];
    const moves: Node[] = [];
    const observer = new MutationObserver((records) => records.forEach((record) => moves.push(...record.removedNodes)));
    observer.observe(document.head, { childList: true });
    // @emotion/react makes a default cache with the same key as it loads: it must not take them either.
    await import('@emotion/react');
    const cache = createBrowserEmotionCache(document, 'n0nce');
    await Promise.resolve();
    observer.disconnect();
    expect(moves).toEqual([]);
    expect([...document.head.children]).toEqual(before);
    expect(cache.inserted).toMatchObject({ abc: true, def: true });
    expect(cache.inserted).not.toHaveProperty('xyz');
    expect(cache.sheet.nonce).toBe('n0nce');
  });

  it('takes nothing as inserted on a page without prerendered styles (the shell the service worker serves)', () => {
    document.head.innerHTML = '<style data-emotion="css-global 1a2b" data-s="">html{margin:0}</style>';
    expect(createBrowserEmotionCache(document, undefined).inserted).toEqual({});
  });
});
