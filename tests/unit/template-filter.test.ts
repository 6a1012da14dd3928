import { describe, expect, it } from 'vitest';
import { listTag, templateFilterOf, templateKeys } from '@contract/templates/filter';

describe("the gallery's filter", () => {
  it('reads ?category&tag by shape: a string category of letters and _, a trimmed tag of at most 30 characters', () => {
    expect(templateFilterOf({})).toEqual({});
    expect(templateFilterOf({ category: 'phones_tablets', tag: '  Gold ' })).toEqual({ category: 'phones_tablets', tag: 'Gold' });
    expect(templateFilterOf({ category: 'Phones', tag: '   ' })).toEqual({});
    expect(templateFilterOf({ category: 12, tag: 12 })).toEqual({});
    expect(templateFilterOf({ tag: 'x'.repeat(40) }).tag).toHaveLength(30);
    // A well-formed category the gallery does not know is kept: the server refuses it.
    expect(templateFilterOf({ category: 'nope' })).toEqual({ category: 'nope' });
  });

  it('keys the list by category and the lower-case tag, as the page and the server both ask for it', () => {
    expect(listTag({ tag: ' GoLd ' })).toBe('gold');
    expect(templateKeys.list({})).toEqual(['templates', 'list', '', '']);
    expect(templateKeys.list({ category: 'autos', tag: 'Gold' })).toEqual(templateKeys.list({ category: 'autos', tag: 'gold ' }));
  });
});
