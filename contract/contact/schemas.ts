/** The contact form (/contact-us): the same schema checks the form and the server. */
import { z } from '../zod';
import { emailText, text, TEXT_LIMITS } from '../text';

export const CONTACT_LIMITS = {
  subject: 120,
  message: TEXT_LIMITS.longText,
  /** A message shorter than this says too little to answer. */
  messageMin: 10,
} as const;

/** POST /v1/contact: a visitor's or merchant's message to the team. */
export const contactMessageSchema = z.object({
  name: text({ label: 'Your name', max: TEXT_LIMITS.name, min: 1 }),
  email: emailText(),
  subject: text({ label: 'Subject', max: CONTACT_LIMITS.subject, min: 1 }),
  message: text({ label: 'Message', max: CONTACT_LIMITS.message, min: CONTACT_LIMITS.messageMin, multiLine: true }),
});
export type ContactMessagePayload = z.input<typeof contactMessageSchema>;

/** What the server answers with (also the form's confirmation). */
export const CONTACT_MESSAGES = {
  received: (email: string) => `Thank you. Your message has reached our team, and we will reply to ${email}.`,
  tooMany: (when: string) => `You have sent several messages already. Please try again ${when}.`,
} as const;
