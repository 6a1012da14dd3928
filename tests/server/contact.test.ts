/**
 * The contact form's call (issue #11) through HTTP on a fresh database: a message is stored and
 * e-mailed to CONTACT_EMAIL (the outbox by default) with the sender as Reply-To, limited per
 * visitor address, and bad input is refused with a clear 4xx.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '@contract/contact/schemas';
import { LIMITS } from '../../server/src/auth/limits';
import { contactMessages } from '../../server/src/db/schema';
import { bearer, freshAddress, useApp } from './kit';
import { basicAuth, databaseKinds, removeTempDirs, startApp } from './harness';

const kinds = await databaseKinds();
afterAll(removeTempDirs);

const TEAM = 'team@portal.example';
const MESSAGE = {
  name: 'Grace Hopper',
  email: 'Grace@Example.com',
  subject: 'A question about plans',
  message: 'Can I move my app to another plan\nin the middle of a month?',
};

describe.each(kinds)('contact form on %s', (kind) => {
  const kit = useApp(kind, { env: { CONTACT_EMAIL: TEAM } });
  const post = (payload: unknown, address = freshAddress(), headers: Record<string, string> = { authorization: basicAuth() }) =>
    kit.app.inject({ method: 'POST', url: '/v1/contact', headers, remoteAddress: address, payload: payload as object });

  it('stores the message and e-mails it to CONTACT_EMAIL, replying to the sender', async () => {
    const response = await post(MESSAGE);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: CONTACT_MESSAGES.received('grace@example.com'), data: null });

    const [stored] = await kit.database.db.select().from(contactMessages).orderBy(desc(contactMessages.id)).limit(1);
    expect(stored).toMatchObject({ name: 'Grace Hopper', email: 'grace@example.com', subject: MESSAGE.subject, message: MESSAGE.message, userId: null });
    expect(stored?.mailedAt).toBeInstanceOf(Date);

    const [mail] = kit.mails(TEAM).filter((sent) => sent.subject === `[Contact #${stored?.id}] ${MESSAGE.subject}`);
    expect(mail?.text).toContain('From: Grace Hopper <grace@example.com>');
    expect(mail?.text).toContain(MESSAGE.message);
    // The .eml in the outbox carries the Reply-To header.
    const eml = readdirSync(kit.config.OUTBOX_DIR)
      .filter((file) => file.endsWith('.eml'))
      .map((file) => readFileSync(path.join(kit.config.OUTBOX_DIR, file), 'utf8'))
      .find((text) => text.includes(`[Contact #${stored?.id}]`));
    expect(eml).toMatch(/^Reply-To: grace@example\.com$/m);
    expect(eml).toMatch(new RegExp(`^To: ${TEAM}$`, 'm'));
  });

  it("escapes the sender's text in the HTML e-mail and keeps a signed-in sender's account", async () => {
    const { user, token } = await kit.register();
    const response = await post({ ...MESSAGE, name: '<b>Eve</b>', message: '<script>alert(1)</script> please call me' }, freshAddress(), bearer(token));
    expect(response.statusCode, response.body).toBe(200);
    const [stored] = await kit.database.db.select().from(contactMessages).where(eq(contactMessages.userId, user.id));
    expect(stored?.name).toBe('<b>Eve</b>');
    const mail = kit.mails(TEAM).find((sent) => sent.subject === `[Contact #${stored?.id}] ${MESSAGE.subject}`);
    expect(mail?.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail?.html).not.toContain('<script>');
    expect(mail?.text).toContain(`(user ${user.id})`);
  });

  it(`limits each visitor address to ${LIMITS.contactPerAddress.limit} messages an hour`, async () => {
    const address = freshAddress();
    const statuses = [];
    for (let i = 0; i < LIMITS.contactPerAddress.limit; i += 1) statuses.push((await post(MESSAGE, address)).statusCode);
    expect(statuses).toEqual(Array.from({ length: LIMITS.contactPerAddress.limit }, () => 200));
    const limited = await post(MESSAGE, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ message: string }>().message).toMatch(/^You have sent several messages already\. Please try again in \d+ minutes?\.$/);
    expect(limited.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    expect((await post(MESSAGE)).statusCode).toBe(200);
  });

  it('refuses bad input with a clear 4xx, storing and sending nothing', async () => {
    const before = await kit.database.db.$count(contactMessages);
    const cases: Array<[unknown, number, string]> = [
      [{ ...MESSAGE, email: 'not-an-address' }, 400, 'Please enter a valid email address'],
      [{ ...MESSAGE, name: '   ' }, 400, 'Your name'],
      [{ ...MESSAGE, message: 'Hi' }, 400, 'Message must be at least 10 characters'],
      [{ ...MESSAGE, message: 'x'.repeat(2001) }, 400, 'Message must be at most 2000 characters'],
      [{ ...MESSAGE, subject: 'Line\u0007bell' }, 400, 'Subject must not contain control characters'],
      [{ name: 'Only a name' }, 400, ''],
    ];
    for (const [payload, status, text] of cases) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status);
      expect(response.json<{ message: string }>().message).toContain(text);
    }
    // Without the client credential: 401.
    expect((await post(MESSAGE, freshAddress(), {})).statusCode).toBe(401);
    expect(await kit.database.db.$count(contactMessages)).toBe(before);
  });

  it('keeps the message when the e-mail cannot be sent', async () => {
    const failing = await startApp(kit.database, { config: kit.config, mailer: { send: () => Promise.reject(new Error('SMTP down')) } });
    try {
      const response = await failing.inject({
        method: 'POST',
        url: '/v1/contact',
        headers: { authorization: basicAuth() },
        remoteAddress: freshAddress(),
        payload: { ...MESSAGE, subject: 'Mail is down' },
      });
      expect(response.statusCode).toBe(200);
      const [stored] = await kit.database.db.select().from(contactMessages).where(eq(contactMessages.subject, 'Mail is down'));
      expect(stored?.mailedAt).toBeNull();
    } finally {
      await failing.close();
    }
  });
});
