/** Collaborator calls (spec section 7), relative to API_PREFIX. Zod-free. */
export const COLLABORATOR_PATHS = {
  /** DELETE: the invites the caller has seen; the portal clears them at every login. */
  invitesHistory: '/invites-history',
  /** GET the list of a shop's collaborators. */
  list: '/shops/:alias/design/collaborators',
  /** GET one, DELETE one (a manager removes; a collaborator may remove themself: leave). */
  one: '/shops/:alias/design/collaborators/:collaboratorId',
  /** PUT {accessRights}. */
  accessRights: '/shops/:alias/design/collaborators/:collaboratorId/access-rights',
  /** GET the invites; POST {collaborators} invites, POST without body resends the open ones; PUT {invite} changes or revokes one. */
  invites: '/shops/:alias/design/collaborators/invites',
  /** POST {token, email?}: what an invite link is (shop, who invited, state); works logged out. */
  verifyInvite: '/shops/:alias/design/collaborators/invites/:inviteId/verify',
  /** PUT {token, status}: the invitee answers (accepted or declined). */
  acceptDecline: '/shops/:alias/design/collaborators/invites/accept-decline',
  /** GET the shops shared with the user, with the user's rights on each. */
  shopCollaborations: '/users/:userId/shop-collaborations',
  /** GET: what the caller may do on a shop (role and rights). */
  access: '/shops/:alias/access',
} as const;

/** The portal page an invite e-mail links to (spec section 2). */
export const JOIN_PROJECT_PAGE = '/join-project';

/** Socket events of collaboration (over the same socket.io connection as the realtime store; presence: contract/design/presence.ts). */
export const COLLAB_EVENTS = {
  /** server -> a collaborator's sockets {alias, rights | null}: rights changed, null = removed. */
  access: 'collab:access',
} as const;
