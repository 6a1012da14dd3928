/** Initials for an avatar without a picture. */
export function initials(user: { firstName?: string | null; lastName?: string | null }): string {
  return `${user.firstName?.trim()[0] ?? ''}${user.lastName?.trim()[0] ?? ''}`.toUpperCase() || '?';
}

export function fullName(user: { firstName?: string | null; lastName?: string | null }): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
}
