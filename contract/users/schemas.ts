/** The user (spec section 3 User) as every call returns it, and the profile calls' payloads. */
import { z } from '../zod';
import { id } from '../response';
import { emailText, nameText, optionalText, phoneText, TEXT_LIMITS } from '../text';

/** The user as every call returns it (never the password hash or session data). */
export const userSchema = z.object({
  id,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNo: z.string(),
  /** Set only by the picture upload (or a social sign-in's provider picture). */
  profilePix: z.string().nullable(),
  avatar: z.string().nullable(),
  fcmId: z.string().nullable(),
  deviceId: z.string().nullable(),
  role: z.literal('user'),
  requiresVerification: z.boolean(),
  facebookId: z.string().nullable(),
  userroles: z.array(z.object({ roleId: z.number().int() })),
  referralCode: z.string().meta({ description: "This user's own referral code, shared as ?ref=<code>." }),
});
export type User = z.infer<typeof userSchema>;

/**
 * PUT /v1/user/{userId}: a partial update. Pictures are not writable here: they change only
 * through the upload route, which stores the file and records who owns it.
 */
export const updateUserSchema = z
  .object({
    firstName: nameText('First Name'),
    lastName: nameText('Last Name'),
    phoneNo: phoneText(),
    fcmId: optionalText('fcmId', TEXT_LIMITS.longToken),
    deviceId: optionalText('deviceId', TEXT_LIMITS.shortText),
  })
  .partial();
export type UpdateUserPayload = z.input<typeof updateUserSchema>;

/** POST /v1/users/find */
export const findUserSchema = z.object({ email: emailText() });
export type FindUserPayload = z.input<typeof findUserSchema>;

/** What POST /v1/users/find reveals about another user. */
export const publicUserSchema = z.object({
  id,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  profilePix: z.string().nullable(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;
