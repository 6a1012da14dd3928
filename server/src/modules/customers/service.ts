/** Spec section 3 Customer: one billing identity per user, created or updated from customer fields. */
import { eq } from 'drizzle-orm';
import type { Customer, customerSchema } from '@contract/customers/schemas';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { newCustomerCode } from '../../db/random-codes';
import { customers } from '../../db/schema';

function toCustomer(row: typeof customers.$inferSelect): Customer {
  return {
    id: row.id,
    userId: row.userId,
    customerCode: row.customerCode,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phoneNo: row.phoneNo,
    address: row.address,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Creates the user's customer, or updates it keeping its customerCode. */
export async function saveCustomer(db: Database, userId: number, fields: z.output<typeof customerSchema>): Promise<Customer> {
  const values = { ...fields, address: fields.address ?? null };
  const [row] = await db
    .insert(customers)
    .values({ userId, customerCode: newCustomerCode(), ...values })
    .onConflictDoUpdate({ target: customers.userId, set: values })
    .returning();
  if (!row) throw new Error('upsert returned nothing');
  return toCustomer(row);
}

export async function customerOf(db: Database, userId: number): Promise<Customer | null> {
  const [row] = await db.select().from(customers).where(eq(customers.userId, userId)).limit(1);
  return row ? toCustomer(row) : null;
}
