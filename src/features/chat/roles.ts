/** Whether a user holds a role (agents are SOVEREIGN); pure, for the shell's lazy chat mount. */
export function hasRoleId(user: { userroles: readonly { roleId: number }[] } | null | undefined, roleId: number): boolean {
  return user?.userroles.some((role) => role.roleId === roleId) ?? false;
}
