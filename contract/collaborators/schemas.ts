/**
 * Collaborators and invites (spec sections 3, 6 and 7). The spec leaves the access-rights shape
 * open; it is modelled per shop as three rights:
 *
 * - view: see the shop, its design, collaborators and versions (always true for a collaborator);
 * - editDesign: change the design (HTTP and realtime writes), the shop's facts and media;
 * - manageCollaborators: invite, change rights, remove collaborators, revoke invites, turn the
 *   public link on or off.
 *
 * Only the owner (or a SOVEREIGN) deletes the shop. Defaults for a new invite: view + editDesign.
 */
import { emailText } from '../text';
import { id, timestamp } from '../response';
import { z } from '../zod';

export const accessRightsSchema = z.object({
  view: z.literal(true).default(true),
  editDesign: z.boolean().default(true),
  manageCollaborators: z.boolean().default(false),
});
export type AccessRights = z.infer<typeof accessRightsSchema>;
export const DEFAULT_ACCESS_RIGHTS: AccessRights = { view: true, editDesign: true, manageCollaborators: false };
/** The rights the owner (and a SOVEREIGN) hold. */
export const FULL_ACCESS_RIGHTS: AccessRights = { view: true, editDesign: true, manageCollaborators: true };

/** A role label for lists: owner, editor (may edit the design), viewer. */
export type CollaborationRole = 'owner' | 'manager' | 'editor' | 'viewer';
export function roleOf(rights: AccessRights, owner = false): CollaborationRole {
  if (owner) return 'owner';
  if (rights.manageCollaborators) return 'manager';
  return rights.editDesign ? 'editor' : 'viewer';
}

export const COLLABORATOR_LIMITS = {
  /** Collaborators plus open invites of one shop. */
  perShop: 20,
  /** Invites (new and resent) one shop may send in 24 hours. */
  invitesPerDay: 50,
  /** Addresses in one POST /invites. */
  perRequest: 10,
  /** How long an invite link stays valid. */
  inviteTtlMs: 7 * 24 * 60 * 60 * 1000,
  tokenLength: 200,
} as const;

export const COLLABORATOR_MESSAGES = {
  selfInvite: 'You cannot invite yourself',
  ownerInvite: 'The owner of this shop already has access',
  alreadyCollaborator: 'This person already collaborates on this shop',
  duplicateInvite: 'An invite to this address is already open',
  perShop: `A shop can have at most ${COLLABORATOR_LIMITS.perShop} collaborators and open invites`,
  perDay: `A shop can send at most ${COLLABORATOR_LIMITS.invitesPerDay} invites a day`,
  inviteNotFound: 'This invite does not exist',
  invalidToken: 'This invite link is not valid',
  expired: 'This invite has expired. Ask for a new one.',
  used: 'This invite has already been used',
  revoked: 'This invite was withdrawn',
  wrongAddress: 'This invite was sent to another address. Log in with the invited e-mail address.',
  verifyFirst: 'Verify your e-mail address to answer this invite here, or open the link in the invite e-mail.',
  collaboratorNotFound: 'This collaborator does not exist',
  nothingToResend: 'There is no open invite to resend',
  accepted: 'You now collaborate on this shop',
  declined: 'Invite declined',
  removed: 'You no longer have access to this app',
} as const;

export const inviteStatuses = ['open', 'accepted', 'declined', 'revoked', 'expired'] as const;
export type InviteStatus = (typeof inviteStatuses)[number];

const email = emailText();

/** POST /invites: who to invite, each with rights (defaults: view + edit design). */
export const inviteRequestSchema = z.object({
  collaborators: z
    .array(z.object({ email, accessRights: accessRightsSchema.optional() }))
    .min(1, { error: 'Name at least one e-mail address' })
    .max(COLLABORATOR_LIMITS.perRequest, { error: `Invite at most ${COLLABORATOR_LIMITS.perRequest} addresses at once` }),
});
export type InviteRequest = z.input<typeof inviteRequestSchema>;

/** PUT /invites: change the rights of an open invite, or withdraw it (status revoked). */
export const inviteUpdateSchema = z.object({
  id,
  accessRights: accessRightsSchema.optional(),
  status: z.literal('revoked').optional(),
});
export type InviteUpdate = z.input<typeof inviteUpdateSchema>;

export const accessRightsUpdateSchema = z.object({ accessRights: accessRightsSchema });

const token = z.string().min(1).max(COLLABORATOR_LIMITS.tokenLength);
export const acceptDeclineSchema = z.object({ token, status: z.enum(['accepted', 'declined']) });
export type AcceptDecline = z.infer<typeof acceptDeclineSchema>;

const person = z.object({ id, firstName: z.string(), lastName: z.string(), email: z.string(), profilePix: z.string() });
export type Person = z.infer<typeof person>;

export const collaboratorSchema = z.object({
  id,
  shopAlias: z.string(),
  user: person,
  accessRights: accessRightsSchema,
  role: z.enum(['manager', 'editor', 'viewer']),
  invitedBy: z.number().int().nullable(),
  createdAt: timestamp,
});
export type Collaborator = z.infer<typeof collaboratorSchema>;

export const inviteSchema = z.object({
  id,
  shopAlias: z.string(),
  email: z.string(),
  status: z.enum(inviteStatuses),
  accessRights: accessRightsSchema,
  invitedBy: person.nullable(),
  expiresAt: timestamp,
  createdAt: timestamp,
});
export type Invite = z.infer<typeof inviteSchema>;

/** POST /invites answer: the invites made or resent. */
export const inviteListSchema = z.array(inviteSchema);

/** POST /invites/{inviteId}/verify: what the join page shows. */
export const inviteCheckSchema = z.object({
  inviteId: id,
  shopAlias: z.string(),
  shopName: z.string(),
  shopLogo: z.string(),
  invitedBy: z.string(),
  email: z.string(),
  status: z.enum(inviteStatuses),
  accessRights: accessRightsSchema,
  expiresAt: timestamp,
  /** Why it cannot be accepted now (expired, used, wrong address), or null. */
  problem: z.string().nullable(),
});
export type InviteCheck = z.infer<typeof inviteCheckSchema>;

export const acceptDeclineAnswerSchema = z.object({ status: z.enum(['accepted', 'declined']), shopAlias: z.string(), shopName: z.string() });
export type AcceptDeclineAnswer = z.infer<typeof acceptDeclineAnswerSchema>;

/** GET /v1/users/{userId}/shop-collaborations: a shop shared with the user. */
export const shopCollaborationSchema = z.object({
  collaboratorId: id,
  shopAlias: z.string(),
  shopName: z.string(),
  shopLogo: z.string(),
  owner: z.string(),
  accessRights: accessRightsSchema,
  role: z.enum(['manager', 'editor', 'viewer']),
  updatedAt: timestamp,
  since: timestamp,
});
export type ShopCollaboration = z.infer<typeof shopCollaborationSchema>;

/** What the caller may do on a shop: GET /v1/shops/{alias}/access. */
export const shopAccessSchema = z.object({ role: z.enum(['owner', 'manager', 'editor', 'viewer']), accessRights: accessRightsSchema, sovereign: z.boolean() });
export type ShopAccess = z.infer<typeof shopAccessSchema>;

/** DELETE /v1/invites-history: how many rows were deleted. */
export const deletedInvitesSchema = z.object({ deleted: z.number().int() });
export type DeletedInvites = z.infer<typeof deletedInvitesSchema>;

/**
 * An invite's reference, `{inviteId}.{alias}`: the e-mailed token without its secret. An invite
 * notification carries it as `meta.inviteToken` (spec section 3 keeps the name; the secret only
 * ever goes to the invited mailbox). It answers an invite only for a signed-in user whose
 * verified e-mail address is the invited one.
 */
export function inviteReference(inviteId: number, alias: string): string {
  return `${inviteId}.${alias}`;
}

/**
 * The invite and shop an invite token (`{inviteId}.{alias}.{secret}`, from the e-mail) or an
 * invite reference (`{inviteId}.{alias}`, from a notification) names, and whether it holds the
 * secret; null for anything else.
 */
export function parseInviteToken(token: string): { inviteId: number; alias: string; secret: boolean } | null {
  const match = /^(\d{1,10})\.([a-z0-9-]{1,64})(\.[A-Za-z0-9_-]{20,})?$/.exec(token);
  if (!match) return null;
  const inviteId = Number(match[1]);
  return inviteId > 0 ? { inviteId, alias: match[2] ?? '', secret: match[3] !== undefined } : null;
}
