/** My Apps rows (own and shared, search, order), last-edit text, invite tokens, roles (issue 14). */
import { describe, expect, it } from 'vitest';
import { inviteReference, parseInviteToken, roleOf, type ShopCollaboration } from '@contract/collaborators/schemas';
import type { Shop } from '@contract/shops/schemas';
import { appRows, lastEditText } from '@/features/shops/my-apps';

const shop = (alias: string, name: string, updatedAt: string) => ({ alias, name, logo: '/l.png', updatedAt }) as Shop;
const shared = (alias: string, name: string, updatedAt: string, role: ShopCollaboration['role'] = 'editor') =>
  ({ shopAlias: alias, shopName: name, shopLogo: '/s.png', owner: 'Ada Owner', role, updatedAt }) as ShopCollaboration;

describe('appRows', () => {
  it('lists own apps first, then shared ones, each newest first, with roles', () => {
    const rows = appRows(
      [shop('a', 'Alpha', '2026-01-01T00:00:00Z'), shop('b', 'Beta', '2026-02-01T00:00:00Z')],
      [shared('c', 'Gamma', '2026-03-01T00:00:00Z', 'viewer')],
    );
    expect(rows.map((row) => [row.alias, row.role, row.owner])).toEqual([
      ['b', 'owner', null],
      ['a', 'owner', null],
      ['c', 'viewer', 'Ada Owner'],
    ]);
  });

  it('searches names and aliases in any case, and never lists a shop twice', () => {
    const rows = appRows(
      [shop('alpha-shop', 'Alpha', '2026-01-01T00:00:00Z')],
      [shared('alpha-shop', 'Alpha', '2026-01-01T00:00:00Z'), shared('beta', 'Beta Boutique', '2026-01-01T00:00:00Z')],
      'BOUT',
    );
    expect(rows.map((row) => row.alias)).toEqual(['beta']);
    expect(appRows([shop('alpha-shop', 'Alpha', '2026-01-01T00:00:00Z')], [shared('alpha-shop', 'Alpha', '2026-01-01T00:00:00Z')])).toHaveLength(1);
  });
});

describe('lastEditText', () => {
  it('says how long ago', () => {
    const now = Date.parse('2026-05-01T12:00:00Z');
    expect(lastEditText('2026-05-01T11:55:00Z', now)).toBe('Edited 5 minutes ago');
    expect(lastEditText('2026-04-29T12:00:00Z', now)).toBe('Edited 2 days ago');
  });
});

describe('invite tokens and roles', () => {
  it('reads the invite and shop a token names, and refuses anything else', () => {
    expect(parseInviteToken('12.my-shop.abcdefghijklmnopqrstuvwxyz_-0123')).toEqual({ inviteId: 12, alias: 'my-shop', secret: true });
    // A notification's reference: the token without its secret.
    expect(parseInviteToken(inviteReference(12, 'my-shop'))).toEqual({ inviteId: 12, alias: 'my-shop', secret: false });
    expect(parseInviteToken('12.my-shop.short')).toBeNull();
    expect(parseInviteToken('0.my-shop.abcdefghijklmnopqrstuvwxyz')).toBeNull();
    expect(parseInviteToken('12.My Shop.abcdefghijklmnopqrstuvwxyz')).toBeNull();
    expect(parseInviteToken('not-a-token')).toBeNull();
  });

  it('names the role of a set of rights', () => {
    expect(roleOf({ view: true, editDesign: false, manageCollaborators: false })).toBe('viewer');
    expect(roleOf({ view: true, editDesign: true, manageCollaborators: false })).toBe('editor');
    expect(roleOf({ view: true, editDesign: true, manageCollaborators: true })).toBe('manager');
    expect(roleOf({ view: true, editDesign: true, manageCollaborators: true }, true)).toBe('owner');
  });
});
