/**
 * The e-mails the accounts feature sends, as pure functions returning subject, HTML and text.
 * The HTML is inline-styled (mail clients ignore style sheets) and every interpolated value is
 * escaped; the text part carries the same words and the plain link.
 */
import { BRAND, PRODUCT_NAME } from '@contract/brand';
import { escapeHtml } from '../html';

export interface MailContent {
  subject: string;
  html: string;
  text: string;
}

/** Header values stay on one line whatever a name contains. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/**
 * A name someone typed (their own, an inviter's, a shop's), as text no mail client turns into a
 * link: on one line, a dot before a character becomes a one-dot leader (U+2024) and "://" takes
 * division slashes (U+2215). It reads as typed; it is never a link, and never in a subject.
 */
export function inertName(value: string): string {
  return oneLine(value)
    .replace(/\.(?=\S)/g, '\u2024')
    .replace(/:\/\//g, ':\u2215\u2215');
}

interface Layout {
  subject: string;
  greeting: string;
  paragraphs: string[];
  button: { label: string; url: string };
  /** A line under the link, e.g. how long it stays valid. */
  note?: string;
  /** Further links under the button, one per line (e.g. a build's downloads). */
  links?: { label: string; url: string }[];
}

function render({ subject, greeting, paragraphs, button, note, links = [] }: Layout): MailContent {
  const url = escapeHtml(button.url);
  const paragraph = (text: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#333333;">${escapeHtml(text)}</p>`;
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(oneLine(subject))}</title></head>
<body style="margin:0;padding:0;background-color:#f4f5f7;font-family:Roboto,Helvetica,Arial,sans-serif;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background-color:#f4f5f7;padding:24px 0;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background-color:#ffffff;border-radius:8px;overflow:hidden;">
<tr><td style="background-color:${BRAND.primary};padding:20px 32px;font-size:20px;font-weight:bold;color:#ffffff;">${escapeHtml(PRODUCT_NAME)}</td></tr>
<tr><td style="padding:32px;">
${paragraph(greeting)}
${paragraphs.map(paragraph).join('\n')}
<p style="margin:24px 0;text-align:center;"><a href="${url}" style="display:inline-block;background-color:${BRAND.primary};color:#ffffff;text-decoration:none;font-size:16px;font-weight:bold;padding:12px 28px;border-radius:4px;">${escapeHtml(button.label)}</a></p>
<p style="margin:0 0 8px;font-size:14px;line-height:20px;color:#666666;">If the button does not work, copy this link into your browser:</p>
<p style="margin:0 0 16px;font-size:14px;line-height:20px;word-break:break-all;"><a href="${url}" style="color:${BRAND.primary};">${url}</a></p>
${links
  .map(
    (link) =>
      `<p style="margin:0 0 12px;font-size:15px;line-height:22px;word-break:break-all;"><a href="${escapeHtml(link.url)}" style="color:${BRAND.primary};">${escapeHtml(link.label)}</a></p>`,
  )
  .join('\n')}
${note ? `<p style="margin:0;font-size:14px;line-height:20px;color:#666666;">${escapeHtml(note)}</p>` : ''}
</td></tr>
<tr><td style="padding:16px 32px;background-color:#fafafa;font-size:12px;line-height:18px;color:#999999;">You received this e-mail because of an account at ${escapeHtml(PRODUCT_NAME)}.</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  const text =
    [
      greeting,
      ...paragraphs,
      `${button.label}: ${button.url}`,
      ...links.map((link) => `${link.label}: ${link.url}`),
      ...(note ? [note] : []),
      `— ${PRODUCT_NAME}`,
    ].join('\n\n') + '\n';
  return { subject: oneLine(subject), html, text };
}

const hello = (firstName: string) => (inertName(firstName) ? `Hello ${inertName(firstName)},` : 'Hello,');

export function verificationEmail(input: { firstName: string; link: string }): MailContent {
  return render({
    subject: 'Verify your email',
    greeting: hello(input.firstName),
    paragraphs: [`Please confirm that this is your e-mail address to finish setting up your ${PRODUCT_NAME} account.`],
    button: { label: 'Verify my email', url: input.link },
    note: 'This link is valid for 7 days. If you did not create an account, you can ignore this e-mail.',
  });
}

export function welcomeEmail(input: { firstName: string; link: string }): MailContent {
  return render({
    subject: `Welcome to ${PRODUCT_NAME}`,
    greeting: hello(input.firstName),
    paragraphs: [
      `Your e-mail is verified and your ${PRODUCT_NAME} account is ready.`,
      'Pick a template, brand it with your colours and logo, and preview your shop app on your phone.',
    ],
    button: { label: 'Start building', url: input.link },
  });
}

export function passwordResetEmail(input: { firstName: string; link: string }): MailContent {
  return render({
    subject: 'Reset your password',
    greeting: hello(input.firstName),
    paragraphs: ['We received a request to reset the password of your account. Choose a new password with the button below.'],
    button: { label: 'Reset my password', url: input.link },
    note: 'This link is valid for 1 hour and works once. If you did not ask for it, you can ignore this e-mail: your password stays the same.',
  });
}

/** Longest inviter name an invite shows; the subject shows none (a name is no place for an advert). */
const INVITER_NAME_MAX = 40;

function inviterOf(inviterName: string): string {
  const name = inertName(inviterName);
  return name.length > INVITER_NAME_MAX ? `${name.slice(0, INVITER_NAME_MAX - 1)}…` : name || 'A merchant';
}

export function referralInviteEmail(input: { inviterFirstName: string; firstName?: string; link: string }): MailContent {
  const inviter = inviterOf(input.inviterFirstName);
  return render({
    subject: `You are invited to ${PRODUCT_NAME}`,
    greeting: hello(input.firstName ?? ''),
    paragraphs: [`${inviter} uses ${PRODUCT_NAME} to build a branded mobile shop app, and invites you to build yours.`],
    button: { label: 'Accept the invitation', url: input.link },
  });
}

/** Issue 14: an invite to design a shop together; the link opens /join-project. The names stay out of the subject. */
export function collaboratorInviteEmail(input: { inviterName: string; shopName: string; link: string; expiresAt: Date }): MailContent {
  const inviter = inviterOf(input.inviterName);
  return render({
    subject: `You are invited to design a shop app on ${PRODUCT_NAME}`,
    greeting: hello(''),
    paragraphs: [`${inviter} invites you to design the app of ${inertName(input.shopName)} together on ${PRODUCT_NAME}.`],
    button: { label: 'Join the project', url: input.link },
    note: `The link can be used once and stays valid until ${input.expiresAt.toUTCString()}.`,
  });
}

/** Issue 30: what a month's bill was, as a receipt (paid) or a notice that it is due or failed. */
interface BillMail {
  firstName: string;
  appName: string;
  /** "October 2026" */
  period: string;
  /** "12.50 hours on Growth" */
  usage: string;
  /** Amounts as bills write them ("USD 12.50"). */
  amount: string;
  creditUsed: string;
  payable: string;
  link: string;
}

export function billReceiptEmail(input: BillMail & { card: string }): MailContent {
  return render({
    subject: `Receipt: ${input.period}, ${input.payable}`,
    greeting: hello(input.firstName),
    paragraphs: [
      `Your bill for ${inertName(input.appName)} in ${input.period} is paid: ${input.usage}, ${input.amount}, credit used ${input.creditUsed}, charged ${input.payable} to ${input.card}.`,
    ],
    button: { label: 'See your bills', url: input.link },
  });
}

export function billDueEmail(input: BillMail & { reason: string }): MailContent {
  return render({
    subject: `Payment due: ${input.period}, ${input.payable}`,
    greeting: hello(input.firstName),
    paragraphs: [
      `Your bill for ${inertName(input.appName)} in ${input.period} is ${input.payable} (${input.usage}, ${input.amount}, credit used ${input.creditUsed}).`,
      input.reason,
    ],
    button: { label: 'Pay now', url: input.link },
  });
}

/** A build's delivery (issue 31): the web app's address and each artifact's signed download link. */
export function buildReadyEmail(input: {
  firstName: string;
  appName: string;
  buildNumber: number;
  webAppUrl: string;
  downloads: { label: string; size: string; url: string }[];
  expiresAt: Date;
  appPage: string;
}): MailContent {
  return render({
    subject: `Your app ${oneLine(input.appName)} is built (build ${input.buildNumber})`,
    greeting: hello(input.firstName),
    paragraphs: [
      `Build ${input.buildNumber} of ${inertName(input.appName)} is ready. Open its web app on any phone and add it to the home screen, or download the files below.`,
      `Every build of the app is on its page: ${input.appPage}`,
    ],
    button: { label: 'Open the web app', url: input.webAppUrl },
    links: input.downloads.map((download) => ({ label: `${download.label}, ${download.size}`, url: download.url })),
    note: `The download links work until ${input.expiresAt.toUTCString()}. Ask for new ones on the app's page.`,
  });
}
