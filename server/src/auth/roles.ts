/** Spec section 6: users hold roles by roleId; ROLE.SOVEREIGN (1) is the super admin. */
export function hasRole(user: { userroles: readonly { roleId: number }[] } | null | undefined, roleId: number): boolean {
  return user?.userroles.some((role) => role.roleId === roleId) ?? false;
}
