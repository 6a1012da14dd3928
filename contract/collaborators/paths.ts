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
  /** GET / PUT the shop's public page settings (PUT: owner or manager). */
  sharing: '/shops/:alias/sharing',
  /** POST (owner or manager): a new preview key; phones holding the old one lose the design. */
  previewKey: '/shops/:alias/sharing/preview-key',
  /** GET (anonymous): the public page's data; 404 when the owner turned the link off. */
  publicShop: '/public/shops/:alias',
  /** GET (anonymous): a PNG of the default design, the public page's Open Graph image. */
  publicImage: '/public/shops/:alias/og-image.png',
  /** GET the design versions (branches) of a shop; POST {from} duplicates one. */
  versions: '/shops/:alias/design/versions',
  /** PUT: makes this version the default. */
  defaultVersion: '/shops/:alias/design/versions/:version/default',
  /** GET: what merging this version into the default would apply; POST {resolutions}: merge it. */
  mergeVersion: '/shops/:alias/design/versions/:version/merge',
  /** GET ?limit=N: who changed what on this version, newest first. */
  versionHistory: '/shops/:alias/design/versions/:version/history',
} as const;

/** The portal page an invite e-mail links to (spec section 2). */
export const JOIN_PROJECT_PAGE = '/join-project';

/** Socket events of collaboration (over the same socket.io connection as the realtime store). */
export const COLLAB_EVENTS = {
  /** client -> server {alias, section}: I am in this design, in this section; ack {ok, message?}. */
  presenceJoin: 'presence:join',
  /** client -> server {alias}: I left. */
  presenceLeave: 'presence:leave',
  /** server -> client {alias, members: PresenceMember[]}. */
  presence: 'presence:update',
  /** server -> a collaborator's sockets {alias, rights | null}: rights changed, null = removed. */
  access: 'collab:access',
} as const;

/** The socket.io room of a design's presence. */
export const presenceRoom = (alias: string) => `presence:${alias}`;
