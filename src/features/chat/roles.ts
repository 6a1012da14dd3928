/** Whether a user holds a role (agents are SOVEREIGN); pure, for the shell's lazy chat mount. A cached user may predate userroles. */
export function hasRoleId(user: { userroles?: readonly { roleId: number }[] | null } | null | undefined, roleId: number): boolean {
  return user?.userroles?.some((role) => role.roleId === roleId) ?? false;
}
