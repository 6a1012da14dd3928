/**
 * The contact form (issue #11): a message is stored, then e-mailed to CONTACT_EMAIL with the
 * sender as Reply-To. Limited per visitor address. HTTP-free.
 */
import { eq } from 'drizzle-orm';
import { CONTACT_MESSAGES, type contactMessageSchema } from '@contract/contact/schemas';
import type { z } from 'zod';
import type { Limits } from '../../auth/limits';
import { inMinutes } from '../../auth/rate-limit';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { contactMessages } from '../../db/schema';
import { tooManyRequests } from '../../http/limits';
import type { MailDeps } from '../../mail/send';
import { contactMessageEmail } from './mail';

export interface ContactDeps extends MailDeps {
  config: Pick<Config, 'CONTACT_EMAIL'>;
  db: Database;
  limits: Pick<Limits, 'contactPerAddress'>;
}

/** POST /v1/contact. The message is kept even when the e-mail fails (mailedAt stays null, and it is logged). */
export async function sendContactMessage(
  deps: ContactDeps,
  body: z.output<typeof contactMessageSchema>,
  sender: { address: string; userId: number | null },
): Promise<{ id: number; mailed: boolean }> {
  const { retryAfterSeconds: retryAfter } = await deps.limits.contactPerAddress.consume(sender.address);
  if (retryAfter !== null) throw tooManyRequests(CONTACT_MESSAGES.tooMany(inMinutes(retryAfter)), retryAfter);
  const [stored] = await deps.db
    .insert(contactMessages)
    .values({ name: body.name, email: body.email, subject: body.subject, message: body.message, userId: sender.userId })
    .returning({ id: contactMessages.id });
  if (!stored) throw new Error('The contact message was not stored');
  const content = contactMessageEmail({ id: stored.id, ...body, userId: sender.userId });
  try {
    await deps.mailer.send({ to: deps.config.CONTACT_EMAIL, replyTo: body.email, ...content });
  } catch (error) {
    deps.log.error({ err: error, contactMessageId: stored.id }, 'A contact message could not be e-mailed; it is stored');
    return { id: stored.id, mailed: false };
  }
  await deps.db.update(contactMessages).set({ mailedAt: new Date() }).where(eq(contactMessages.id, stored.id));
  return { id: stored.id, mailed: true };
}
