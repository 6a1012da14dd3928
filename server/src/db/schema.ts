/**
 * The database schema (PostgreSQL dialect). Migrations in server/drizzle/ are generated from
 * this file with `npx drizzle-kit generate`; keep to SQL that PostgreSQL 15 also runs (PGlite
 * is PostgreSQL 18 inside). Relative imports only: drizzle-kit loads this file on its own.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** Spec section 3 Plan: planCode, amount (minor units per month), currencyCode. */
export const plans = pgTable('plans', {
  id: serial('id').primaryKey(),
  planCode: text('plan_code').notNull().unique(),
  name: text('name').notNull(),
  amount: integer('amount').notNull(),
  currencyCode: text('currency_code').notNull(),
  description: text('description').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Spec section 9: the sample super-categories keep their fixed ids 1 to 11. */
export const superCategories = pgTable('super_categories', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
});

/** Spec section 3 User. The email is stored lower-cased (checked), so a plain unique index suffices. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull().unique(),
    phoneNo: text('phone_no').notNull().default(''),
    profilePix: text('profile_pix'),
    avatar: text('avatar'),
    fcmId: text('fcm_id'),
    deviceId: text('device_id'),
    role: text('role').notNull().default('user'),
    requiresVerification: boolean('requires_verification').notNull().default(false),
    facebookId: text('facebook_id').unique(),
    /** argon2id hash; null for accounts that only sign in socially. */
    passwordHash: text('password_hash'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [check('users_email_lower_case', sql`${table.email} = lower(${table.email})`)],
);

/** Spec section 3 User.userroles: the roles a user holds by roleId (ROLE.SOVEREIGN = 1). */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.roleId] })],
);

/** Nodes of the local realtime-database adapter, keyed by their path (spec section 7). */
export const realtimeNodes = pgTable('realtime_nodes', {
  path: text('path').primaryKey(),
  value: jsonb('value').notNull().default(sql`'null'::jsonb`),
  updatedAt: updatedAt(),
});
