/** My Apps (issue 14): the user's own shops and the shops shared with them, as one list. */
import type { CollaborationRole, ShopCollaboration } from '@contract/collaborators/schemas';
import type { Shop } from '@contract/shops/schemas';
import { relativeTime } from '@/lib/format';

export interface AppRow {
  alias: string;
  name: string;
  logo: string;
  role: CollaborationRole;
  /** Who owns it (shared apps), else null. */
  owner: string | null;
  /** Last change of the shop (ISO). */
  updatedAt: string;
}

/** Own shops first in the order given, then shared ones; newest change first within each; filtered by `search` (name or alias, any case). */
export function appRows(own: Shop[], shared: ShopCollaboration[], search = ''): AppRow[] {
  const rows: AppRow[] = [
    ...own.map((shop) => ({ alias: shop.alias, name: shop.name, logo: shop.logo, role: 'owner' as const, owner: null, updatedAt: shop.updatedAt })),
    ...shared
      .filter((item) => !own.some((shop) => shop.alias === item.shopAlias))
      .map((item) => ({ alias: item.shopAlias, name: item.shopName, logo: item.shopLogo, role: item.role, owner: item.owner, updatedAt: item.updatedAt })),
  ];
  const needle = search.trim().toLowerCase();
  const matching = needle ? rows.filter((row) => row.name.toLowerCase().includes(needle) || row.alias.includes(needle)) : rows;
  return matching.sort((a, b) => Number(b.role === 'owner') - Number(a.role === 'owner') || b.updatedAt.localeCompare(a.updatedAt));
}

export const ROLE_LABELS: Record<CollaborationRole, string> = { owner: 'Owner', manager: 'Manager', editor: 'Editor', viewer: 'Viewer' };

/** "Edited 5 minutes ago" style text of an ISO time, relative to `now`. */
export function lastEditText(iso: string, now = Date.now()): string {
  return `Edited ${relativeTime(iso, now)}`;
}
