/** Spec section 6: users hold roles by roleId; ROLE.SOVEREIGN (1) is the super admin. Zod-free. */

/** Whether `user` holds `roleId`; a user cached by the portal may predate `userroles`. */
export function hasRole(user: { userroles?: readonly { roleId: number }[] | null } | null | undefined, roleId: number): boolean {
  return user?.userroles?.some((role) => role.roleId === roleId) ?? false;
}
