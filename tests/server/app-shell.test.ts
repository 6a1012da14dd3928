/** The inlined stylesheets (server/src/web/app-shell.ts). */
import { describe, expect, it } from 'vitest';
import { withInlineStylesheets } from '../../server/src/web/app-shell';

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
