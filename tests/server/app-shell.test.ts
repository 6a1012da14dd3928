/** The homepage's static first screen and the inlined stylesheets (server/src/web/app-shell.ts). */
import { describe, expect, it } from 'vitest';
import { HERO, PRODUCT_NAME } from '@contract/brand';
import { homeShellHtml, withAppShell, withInlineStylesheets } from '../../server/src/web/app-shell';

describe('home shell', () => {
  it("is the hero's own copy with working links, inside #root", () => {
    const shell = homeShellHtml();
    expect(shell).toContain(`<h1>${HERO.title}</h1>`);
    expect(shell).toContain(`<p>${HERO.lead}</p>`);
    expect(shell).toContain(`<a class="shell-primary" href="/new-app/setup">${HERO.primaryAction}</a>`);
    expect(shell).toContain(`<a class="shell-secondary" href="/features">${HERO.secondaryAction}</a>`);
    expect(shell).toContain(`${PRODUCT_NAME}</a></nav>`);
    expect(withAppShell('<body><div id="root"></div></body>', '<p>x</p>')).toBe('<body><div id="root"><p>x</p></div></body>');
  });

  it('leaves a page without an empty #root alone', () => {
    expect(withAppShell('<body><div id="app"></div></body>', '<p>x</p>')).toBe('<body><div id="app"></div></body>');
  });
});

describe('inline stylesheets', () => {
  const html = '<head><link rel="stylesheet" crossorigin href="/assets/index-1.css"><link rel="stylesheet" href="/assets/big-2.css"></head>';

  it('inlines small linked stylesheets and keeps large or missing ones linked', () => {
    const files: Record<string, string> = {
      'assets/index-1.css': '@font-face{font-family:Roboto;src:url(/assets/r.woff2)}',
      'assets/big-2.css': `a{color:red}${' '.repeat(5000)}`,
    };
    expect(withInlineStylesheets(html, (file) => files[file] ?? null)).toBe(
      '<head><style>@font-face{font-family:Roboto;src:url(/assets/r.woff2)}</style><link rel="stylesheet" href="/assets/big-2.css"></head>',
    );
    expect(withInlineStylesheets(html, () => null)).toBe(html);
  });

  it('cannot end the style element early', () => {
    const inlined = withInlineStylesheets('<link rel="stylesheet" href="/assets/x.css">', () => 'a::after{content:"</style><script>"}');
    expect(inlined).toBe('<style>a::after{content:"<\\/style><script>"}</style>');
  });
});
