/** The e-mail the team receives for a contact form message (plain, every value escaped). */
import { PRODUCT_NAME } from '@contract/brand';
import { escapeHtml } from '../../html';
import type { MailContent } from '../../mail/templates';

interface ContactMail {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  userId: number | null;
}

/** Header values stay on one line whatever a field contains. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

export function contactMessageEmail(input: ContactMail): MailContent {
  const subject = oneLine(`[Contact #${input.id}] ${input.subject}`);
  const from = `${oneLine(input.name)} <${input.email}>${input.userId === null ? '' : ` (user ${input.userId})`}`;
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;font-family:Roboto,Helvetica,Arial,sans-serif;color:#222222;">
<p style="margin:0 0 8px;font-size:14px;color:#666666;">A message from the ${escapeHtml(PRODUCT_NAME)} contact form. Reply to this e-mail to answer the sender.</p>
<p style="margin:0 0 4px;font-size:16px;"><strong>From:</strong> ${escapeHtml(from)}</p>
<p style="margin:0 0 16px;font-size:16px;"><strong>Subject:</strong> ${escapeHtml(input.subject)}</p>
<div style="white-space:pre-wrap;font-size:16px;line-height:24px;">${escapeHtml(input.message)}</div>
</body>
</html>
`;
  const text =
    [
      `A message from the ${PRODUCT_NAME} contact form. Reply to this e-mail to answer the sender.`,
      `From: ${from}`,
      `Subject: ${input.subject}`,
      input.message,
    ].join('\n\n') + '\n';
  return { subject, html, text };
}
