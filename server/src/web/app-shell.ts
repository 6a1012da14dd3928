/** The small stylesheets index.html links, inlined into the served pages. */

/** Stylesheets up to this size are worth a request less more than a cacheable file. */
const INLINE_CSS_MAX_BYTES = 4096;
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\/(assets\/[\w.-]+\.css)"[^>]*>/g;

/**
 * Inlines the small stylesheets index.html links (the font faces): a linked stylesheet blocks the
 * first paint until it has arrived, which would hold back a prerendered page's first paint. `read` gives a
 * dist/ file's text, or null; a missing or large file keeps its link.
 */
export function withInlineStylesheets(html: string, read: (relativePath: string) => string | null): string {
  return html.replace(STYLESHEET_LINK, (link, file: string) => {
    const css = read(file);
    return css !== null && Buffer.byteLength(css) <= INLINE_CSS_MAX_BYTES ? `<style>${css.replace(/<\//g, '<\\/')}</style>` : link;
  });
}
