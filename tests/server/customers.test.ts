/** The customers module through HTTP on a fresh database. */
import { afterAll, describe, expect, it } from 'vitest';
import type { Customer } from '@contract/customers/schemas';
import { PHONE, useApp } from './kit';
import { databaseKinds, removeTempDirs } from './harness';

const kinds = await databaseKinds();
afterAll(removeTempDirs);

describe.each(kinds)('customers on %s', (kind) => {
  const kit = useApp(kind);

  it('creates the customer, updates it keeping its code, and reads it back', async () => {
    const { user, token } = await kit.register();
    expect((await kit.call('GET', '/v1/customers/me', token)).json()).toEqual({ message: 'OK', data: null });
    const fields = { firstName: 'Ada', lastName: 'Lovelace', email: user.email, phoneNo: PHONE };
    const created = (await kit.call('POST', '/v1/customers', token, fields)).json<{ data: Customer }>().data;
    expect(created).toMatchObject({ ...fields, userId: user.id, address: null });
    expect(created.customerCode).toMatch(/^CUS_[a-z0-9]{16}$/);
    const updated = (await kit.call('POST', '/v1/customers', token, { ...fields, address: '1 Main St\nFlat 2' })).json<{ data: Customer }>().data;
    expect(updated).toEqual({ ...created, address: '1 Main St\nFlat 2' });
    expect((await kit.call('GET', '/v1/customers/me', token)).json<{ data: Customer }>().data).toEqual(updated);
    const bad = await kit.call('POST', '/v1/customers', token, { ...fields, phoneNo: '1' });
    expect(bad.statusCode).toBe(400);
    const control = await kit.call('POST', '/v1/customers', token, { ...fields, address: 'a\u0007b' });
    expect(control.statusCode).toBe(400);
    expect(control.json()).toEqual({ message: 'Address must not contain control characters other than tab and newline' });
  });
});
