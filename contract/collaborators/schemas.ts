import { z } from '../zod';

/** DELETE /v1/invites-history: how many rows were deleted. */
export const deletedInvitesSchema = z.object({ deleted: z.number().int() });
export type DeletedInvites = z.infer<typeof deletedInvitesSchema>;
