/**
 * Outgoing e-mail. By default every message is written to OUTBOX_DIR (a full MIME .eml and a
 * .json with its links) and logged, so a fresh machine needs no mail server; with SMTP_URL set
 * messages go through that server.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { PRODUCT_NAME } from '@contract/brand';
import type { Config } from '../config';

interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Where a reply goes, when not to the sender (the contact form: the visitor who wrote). */
  replyTo?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** The sender every message carries; the SMTP server may rewrite it. */
const MAIL_FROM = { name: PRODUCT_NAME, address: 'no-reply@shopapp.studio' };

/** The links of a message, in order (from its text part, where they appear unescaped). */
export function linksOf(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
}

// The callback API on plain descriptors: fs/promises makes a FileHandle per file, which costs the
// monthly close (thousands of receipts) more main-thread time than the writes.
const writeFileAsync = promisify(writeFile);
const renameAsync = promisify(rename);
const mkdirAsync = promisify(mkdir);

async function writeAtomically(file: string, content: string | Buffer): Promise<void> {
  const temporary = `${file}.tmp`;
  await writeFileAsync(temporary, content);
  await renameAsync(temporary, file);
}

/** Writes `<timestamp>-<random>.eml` and `.json` into `outboxDir`, and logs one line with the first link. */
export function createOutboxMailer(outboxDir: string, log: Pick<FastifyBaseLogger, 'info'>): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  // Made once, not per message (the monthly close mails thousands of receipts); made again if removed.
  let made: Promise<unknown> | null = null;
  return {
    async send(message) {
      const info = await transport.sendMail({ from: MAIL_FROM, ...message });
      const links = linksOf(message.text);
      const base = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`);
      const write = async () => {
        await (made ??= mkdirAsync(outboxDir, { recursive: true }));
        // Readers go by the .json, written whole (renamed into place) after its .eml.
        // buffer: true makes the message a Buffer (the types also allow a stream).
        await writeFileAsync(`${base}.eml`, info.message as Buffer, { flag: 'wx' });
        await writeAtomically(`${base}.json`, JSON.stringify({ ...message, links }, null, 2) + '\n');
      };
      await write().catch(async (error: unknown) => {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        made = null;
        await write();
      });
      // Its own line, so the link stands out in a terminal (and can be copied from it).
      log.info(links[0] ? `E-mail to ${message.to} (${message.subject}) — link: ${links[0]}` : `E-mail to ${message.to} (${message.subject})`);
    },
  };
}

/** Sends through the SMTP server of `smtpUrl` (smtp:// or smtps://user:pass@host:port). */
export function createSmtpMailer(smtpUrl: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from: MAIL_FROM, ...message });
    },
  };
}

export function createMailer(config: Pick<Config, 'SMTP_URL' | 'OUTBOX_DIR'>, log: Pick<FastifyBaseLogger, 'info'>): Mailer {
  return config.SMTP_URL ? createSmtpMailer(config.SMTP_URL) : createOutboxMailer(config.OUTBOX_DIR, log);
}
