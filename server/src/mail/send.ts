/** Sending one of our e-mails from a route: what a failure means is the caller's choice. */
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../http/http-error';
import type { Mailer } from './mailer';
import type { MailContent } from './templates';

const MAIL_MESSAGES = {
  emailNotSent: 'The email could not be sent. Please try again later.',
} as const;

export interface MailDeps {
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/** Sends a message; a failure is logged and reported as false. */
export async function trySend(deps: MailDeps, to: string, content: MailContent): Promise<boolean> {
  try {
    await deps.mailer.send({ to, ...content });
    return true;
  } catch (error) {
    deps.log.error({ err: error }, `Email to ${to} (${content.subject}) could not be sent`);
    return false;
  }
}

/** Like trySend, for calls whose whole point is the e-mail: a failure is a 503. */
export async function send(deps: MailDeps, to: string, content: MailContent): Promise<void> {
  if (!(await trySend(deps, to, content))) throw new HttpError(503, MAIL_MESSAGES.emailNotSent);
}
