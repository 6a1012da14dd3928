/**
 * The database schema (PostgreSQL dialect). Migrations in server/drizzle/ are generated from
 * this file with `npx drizzle-kit generate`; keep to SQL that PostgreSQL 15 also runs (PGlite
 * is PostgreSQL 18 inside). Relative imports only: drizzle-kit loads this file on its own.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { newReferralCode } from './random-codes';

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
    /** This user's own code, shared as ?ref=<code>. */
    referralCode: text('referral_code').notNull().unique().$defaultFn(newReferralCode),
    /**
     * Carried in every session token (claim `sv`); a password reset increments it, so every
     * token issued before the reset is refused, whatever second it was issued in.
     */
    sessionVersion: integer('session_version').notNull().default(0),
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

/**
 * Nodes of the local realtime-database adapter, keyed by their path (spec section 7): one row per
 * document (`apps/production/{alias}/{version}` today) and `revision`, the count of edits applied
 * to it (per-field last writer wins in this order).
 */
export const realtimeNodes = pgTable('realtime_nodes', {
  path: text('path').primaryKey(),
  value: jsonb('value')
    .notNull()
    .default(sql`'null'::jsonb`),
  revision: integer('revision').notNull().default(0),
  updatedAt: updatedAt(),
});

/** Spec section 3 Credit: the user's balance in minor units (cents). */
export const credits = pgTable(
  'credits',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    value: integer('value').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [check('credits_value_not_negative', sql`${table.value} >= 0`)],
);

/** Spec section 3 Customer: a user's billing identity (one per user). */
export const customers = pgTable('customers', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  customerCode: text('customer_code').notNull().unique(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  phoneNo: text('phone_no').notNull(),
  address: text('address'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Who referred whom: one referral per referred user; rewarded once, when they verify their e-mail. */
export const referrals = pgTable(
  'referrals',
  {
    id: serial('id').primaryKey(),
    referrerUserId: integer('referrer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    referredUserId: integer('referred_user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    rewardAmount: integer('reward_amount').notNull().default(0),
    rewardedAt: timestamp('rewarded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('referrals_referrer_user_id_idx').on(table.referrerUserId)],
);

export const ACCOUNT_TOKEN_PURPOSES = ['verify-email', 'reset-password'] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/** One-time links sent by e-mail; only the sha256 of the token is stored. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<AccountTokenPurpose>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check('account_tokens_purpose', sql`${table.purpose} in ('verify-email', 'reset-password')`),
    index('account_tokens_user_id_idx').on(table.userId),
  ],
);

/** Collaborator invites a user has seen (written by the collaborators feature; cleared at login). */
export const inviteHistory = pgTable(
  'invite_history',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopAlias: text('shop_alias').notNull(),
    inviteToken: text('invite_token').notNull(),
    status: text('status').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('invite_history_user_id_idx').on(table.userId)],
);

export const MEDIA_KINDS = ['profile-picture', 'shop-media'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/**
 * Uploaded files: who owns each one. A file is replaced or deleted only through its row, so a
 * user can never make the server delete someone else's file. `shopAlias` is for the coming shop
 * media library (a file of a shop rather than of a person).
 */
export const media = pgTable(
  'media',
  {
    id: serial('id').primaryKey(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopAlias: text('shop_alias'),
    kind: text('kind').$type<MediaKind>().notNull(),
    /** The uploaded file's own name (shown and searched in the shop's media library). */
    label: text('label').notNull().default(''),
    /** The stored name under DATA_DIR/uploads (e.g. avatars/<32 hex>.png); never chosen by a client. */
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('media_file_name_unique').on(table.fileName),
    index('media_owner_user_id_idx').on(table.ownerUserId),
    check('media_kind', sql`${table.kind} in ('profile-picture', 'shop-media')`),
    index('media_shop_alias_idx').on(table.shopAlias),
  ],
);

/**
 * Addresses a user logged in from successfully (an HMAC of the address, never the address):
 * they stay exempt from the account-wide login limit, so a stranger's guesses from elsewhere
 * cannot lock the owner out.
 */
export const loginAddresses = pgTable(
  'login_addresses',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addressHash: text('address_hash').notNull(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.addressHash] })],
);

/** ISO 4217 currencies (seeded from Intl): a shop's currency (spec section 3 shopCurrency). */
export const currencies = pgTable('currencies', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  symbol: text('symbol').notNull(),
});

/**
 * Spec section 3 Shop. `alias` is fixed at creation (URLs use it); `slugName` follows the name
 * and, with the lower-cased name, keeps names unique. `config` is the design config stored by
 * POST configure, `configVersion` counts those saves.
 */
export const shops = pgTable(
  'shops',
  {
    id: serial('id').primaryKey(),
    alias: text('alias').notNull(),
    slugName: text('slug_name').notNull(),
    name: text('name').notNull(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appBucketName: text('app_bucket_name').notNull(),
    logo: text('logo').notNull(),
    slogan: text('slogan').notNull().default(''),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    address: jsonb('address').$type<{ name: string; description: string; latitude: number; longitude: number }>().notNull(),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    categoriesOfInterest: jsonb('categories_of_interest')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    superCategoriesOfInterest: jsonb('super_categories_of_interest')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    isTemplate: boolean('is_template').notNull().default(false),
    templateId: text('template_id'),
    config: jsonb('config').$type<Record<string, unknown>>(),
    configVersion: integer('config_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('shops_alias_unique').on(table.alias),
    uniqueIndex('shops_slug_name_unique').on(table.slugName),
    uniqueIndex('shops_name_lower_unique').on(sql`lower(${table.name})`),
    index('shops_owner_user_id_idx').on(table.ownerUserId),
  ],
);

/**
 * Spec section 3 Notification: one row per recipient. `meta` holds {shopName, inviteToken,
 * shopAlias}; the type and status lists are those of contract/notifications.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    status: text('status').notNull().default('open'),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    meta: jsonb('meta').$type<{ shopName: string | null; inviteToken: string | null; shopAlias: string | null }>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('notifications_user_status_idx').on(table.userId, table.status, table.id),
    check('notifications_type', sql`${table.type} in ('invite', 'app-build', 'payment-due', 'payment-failed', 'release', 'support-reply')`),
    check('notifications_status', sql`${table.status} in ('open', 'resolved')`),
  ],
);

/** Build engine releases (spec section 3 "Other"): publishing one notifies every merchant. */
export const engineReleases = pgTable(
  'engine_releases',
  {
    id: serial('id').primaryKey(),
    version: text('version').notNull(),
    appType: text('app_type').notNull().default('merchant-app'),
    notes: text('notes').notNull().default(''),
    publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('engine_releases_app_type_version_unique').on(table.appType, table.version)],
);

/** Edit ids already applied (an edit is applied at most once), with the revision it made. */
export const realtimeEdits = pgTable(
  'realtime_edits',
  {
    editId: text('edit_id').primaryKey(),
    path: text('path').notNull(),
    revision: integer('revision').notNull(),
    /** Issue 14, a version's history: who applied the edit and which Creation fields it changed ('colors/primary'). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    fields: jsonb('fields').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (table) => [index('realtime_edits_path_idx').on(table.path), index('realtime_edits_history_idx').on(table.path, table.revision)],
);

/**
 * Support chat rooms (spec section 3 Support room): a device's until a signed-in merchant uses
 * it, then that user's (history follows them). Read marks are the last message id each side saw.
 */
export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: serial('id').primaryKey(),
    roomId: text('room_id').notNull(),
    deviceId: text('device_id').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    lastMessage: text('last_message'),
    merchantReadId: integer('merchant_read_id').notNull().default(0),
    agentReadId: integer('agent_read_id').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('chat_rooms_room_id_idx').on(table.roomId),
    index('chat_rooms_device_idx').on(table.deviceId),
    index('chat_rooms_user_idx').on(table.userId),
  ],
);

/** Devices that may use a room besides its own (the live preview app), and who unsubscribed. */
export const chatRoomDevices = pgTable(
  'chat_room_devices',
  {
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    subscribed: boolean('subscribed').notNull().default(true),
    /** Added by the live preview app's review subscription: may use the room even once it is a user's. */
    reviewer: boolean('reviewer').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.roomId, table.deviceId] }), index('chat_room_devices_device_idx').on(table.deviceId)],
);

/** Chat messages: plain text; (room, clientId) is unique so a resend is stored once. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    deviceId: text('device_id').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    sender: text('sender').notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('chat_messages_client_idx').on(table.roomId, table.clientId),
    index('chat_messages_room_idx').on(table.roomId, table.id),
    check('chat_messages_sender', sql`${table.sender} in ('merchant', 'agent')`),
  ],
);

/** Issue 14: a collaborator's per-shop access rights (contract/collaborators/schemas.ts). */
type AccessRightsColumn = { view: true; editDesign: boolean; manageCollaborators: boolean };

/** Issue 14: who collaborates on a shop (besides its owner), with their rights. One row per (shop, user). */
export const shopCollaborators = pgTable(
  'shop_collaborators',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessRights: jsonb('access_rights').$type<AccessRightsColumn>().notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('shop_collaborators_shop_user_idx').on(table.shopId, table.userId), index('shop_collaborators_user_idx').on(table.userId)],
);

/**
 * Issue 14: invites to collaborate, by e-mail. The link's token is stored only as its SHA-256;
 * at most one open invite per (shop, address) (partial unique index), answered by one
 * conditional UPDATE (single use).
 */
export const collaboratorInvites = pgTable(
  'collaborator_invites',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    status: text('status').notNull().default('open'),
    accessRights: jsonb('access_rights').$type<AccessRightsColumn>().notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('collaborator_invites_token_idx').on(table.tokenHash),
    uniqueIndex('collaborator_invites_open_idx')
      .on(table.shopId, table.email)
      .where(sql`${table.status} = 'open'`),
    index('collaborator_invites_shop_idx').on(table.shopId, table.sentAt),
    check('collaborator_invites_status', sql`${table.status} in ('open', 'accepted', 'declined', 'revoked', 'expired')`),
  ],
);

/**
 * Issue 27: one row per invite e-mail a shop sent (a new invite or a resend), for the daily limit
 * both share; rows older than a day are removed as the shop sends again.
 */
export const collaboratorInviteSends = pgTable(
  'collaborator_invite_sends',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('collaborator_invite_sends_shop_idx').on(table.shopId, table.sentAt)],
);

/**
 * Issue 27: a design stays private until its merchant shares it. A shop with no sharing row has
 * its public link off; the shops made while the default was on were given a row with it on
 * (migration 0013), so their links keep working.
 */
export const DEFAULT_PUBLIC_LINK = false;

/** Issue 14: a shop's sharing settings (no row: DEFAULT_PUBLIC_LINK). */
export const shopSharing = pgTable('shop_sharing', {
  shopId: integer('shop_id')
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  publicLink: boolean('public_link').notNull().default(DEFAULT_PUBLIC_LINK),
  /** The key a phone's `/test/preview?p=` carries to read the design with the public link off (made on first need). */
  previewKey: text('preview_key'),
  updatedAt: updatedAt(),
});

/** Issue 14: who last changed a design document (version), for "who changed what". */
export const designAuthors = pgTable('design_authors', {
  path: text('path').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

/** Issue 14: a version duplicated from another keeps the design it started from, so a merge knows what each side changed since. */
export const designBranches = pgTable('design_branches', {
  path: text('path').primaryKey(),
  fromVersion: integer('from_version').notNull(),
  base: jsonb('base').$type<Record<string, unknown>>().notNull(),
  updatedAt: updatedAt(),
});

/** Messages sent through the contact form (/contact-us, issue #11); each is also e-mailed to CONTACT_EMAIL. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** The signed-in sender, when there was one. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** When the e-mail to the team went out; null while it has not (the message is kept either way). */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('contact_messages_created_idx').on(table.createdAt)],
);

/**
 * Issue 29: one row per payment. `reference` is ours and unique (the gateway's reference /
 * tx_ref); (user, idempotency key) is unique so a double click or a retried request finds the
 * first row instead of making a second. Status moves only along contract/payments/statuses.ts,
 * by conditional UPDATEs (WHERE status = the one read).
 */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    type: text('type').notNull(),
    /** Minor units. */
    amount: integer('amount').notNull(),
    currencyCode: text('currency_code').notNull(),
    status: text('status').notNull().default('initialized'),
    appAlias: text('app_alias'),
    description: text('description').notNull().default(''),
    isAutoRefund: boolean('is_auto_refund').notNull().default(false),
    /** The card this payment saves becomes the user's default (spec: setPaymentMethodAsDefault). */
    setAsDefault: boolean('set_as_default').notNull().default(false),
    testMode: boolean('test_mode').notNull(),
    failureMessage: text('failure_message'),
    actionUrl: text('action_url'),
    checkoutUrl: text('checkout_url'),
    /** The gateway's own id of this payment (paystack/flutterwave transaction id, stripe intent or session). */
    providerId: text('provider_id'),
    authorizationCode: text('authorization_code'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** When the auto refund of a card-setup charge was accepted by the gateway. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('payment_transactions_reference_idx').on(table.reference),
    uniqueIndex('payment_transactions_idempotency_idx').on(table.userId, table.idempotencyKey),
    index('payment_transactions_user_idx').on(table.userId, table.createdAt),
    index('payment_transactions_status_idx').on(table.status, table.updatedAt),
    check('payment_transactions_amount', sql`${table.amount} > 0`),
  ],
);

/** Issue 29: saved cards (spec section 3 Authorization). One default per user among the cards not removed. */
export const cardAuthorizations = pgTable(
  'card_authorizations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    authorizationCode: text('authorization_code').notNull(),
    customerCode: text('customer_code'),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    label: text('label'),
    isDefault: boolean('is_default').notNull().default(false),
    testMode: boolean('test_mode').notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('card_authorizations_code_idx').on(table.provider, table.authorizationCode),
    uniqueIndex('card_authorizations_default_idx')
      .on(table.userId)
      .where(sql`${table.isDefault} and ${table.removedAt} is null`),
    index('card_authorizations_user_idx').on(table.userId),
  ],
);

/** Issue 29: a user's customer record at each gateway (stripe `cus_...`, paystack `CUS_...`). */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    testMode: boolean('test_mode').notNull(),
    customerCode: text('customer_code').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.provider, table.testMode] })],
);

/** Issue 29: every verified webhook once, by the provider's event id: a replay finds its row and changes nothing. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    reference: text('reference'),
    /** What it did: applied, ignored (unknown reference, other amount), stale (an older status). */
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);

/** Issue 29: remote config values the portal fetches (spec section 7: portal-payments). */
export const remoteConfig = pgTable('remote_config', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

/**
 * Issue 29: the built-in test gateways' own records (customers, payments, intents, cards,
 * refunds), kept like a provider keeps them: across restarts and shared by every process.
 * Card numbers are never stored here either, only brand and last four digits.
 */
export const sandboxObjects = pgTable(
  'sandbox_objects',
  {
    provider: text('provider').notNull(),
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.kind, table.id] })],
);

/**
 * Issue 30, spec section 3 Subscription: an app on a plan, paid by the app's owner (`user_id`).
 * status: live (minutes accrue), paused (they do not), cancelled (ended for good; its bills stay).
 * One subscription that is not cancelled per app, by a partial unique index.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    subscriptionCode: text('subscription_code').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** null once the app is deleted: the subscription and its bills stay, under `shop_alias`. */
    shopId: integer('shop_id').references(() => shops.id, { onDelete: 'set null' }),
    shopAlias: text('shop_alias').notNull(),
    status: text('status').notNull().default('paused'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('subscriptions_code_idx').on(table.subscriptionCode),
    uniqueIndex('subscriptions_one_per_shop_idx')
      .on(table.shopId)
      .where(sql`${table.status} <> 'cancelled'`),
    index('subscriptions_user_idx').on(table.userId, table.createdAt),
    check('subscriptions_status', sql`${table.status} in ('live', 'paused', 'cancelled')`),
  ],
);

/**
 * Issue 30: the plan a subscription is on from a moment on. The first row starts with the
 * subscription; a change starts on the 1st of the next month (UTC), so a month has one plan.
 */
export const subscriptionPlans = pgTable(
  'subscription_plans',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('subscription_plans_from_idx').on(table.subscriptionId, table.effectiveFrom)],
);

/**
 * Issue 30, metering: the time an app was live, as recorded, never edited but to close it. At
 * most one open interval per subscription (partial unique index), so two processes cannot both
 * open one; usage minutes are counted from these rows (contract/billing/usage.ts).
 */
export const liveIntervals = pgTable(
  'live_intervals',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('live_intervals_open_idx')
      .on(table.subscriptionId)
      .where(sql`${table.endedAt} is null`),
    index('live_intervals_subscription_idx').on(table.subscriptionId, table.startedAt),
    check('live_intervals_order', sql`${table.endedAt} is null or ${table.endedAt} >= ${table.startedAt}`),
  ],
);

/**
 * Issue 30, spec section 3 Billing: one bill per subscription and month, by a unique index (a
 * second close of the month writes nothing). Amounts in minor units, by contract/billing/formula.ts;
 * the credit it used is taken in the same database transaction that writes it. Whether it is
 * paid is its charge's status (payment_transactions, by reference): one source of truth.
 */
export const billings = pgTable(
  'billings',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopAlias: text('shop_alias').notNull(),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    usageMinutes: integer('usage_minutes').notNull(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    /** The plan's monthly amount and currency when billed. */
    planAmount: integer('plan_amount').notNull(),
    currencyCode: text('currency_code').notNull(),
    amount: integer('amount').notNull(),
    creditUsed: integer('credit_used').notNull(),
    payable: integer('payable').notNull(),
    /** The charge of this bill that counts (the latest attempt), null while none was made. */
    transactionReference: text('transaction_reference'),
    /** The bill's state the merchant was last told of (paid, failed, due): each notice goes out once. */
    noticeSent: text('notice_sent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('billings_subscription_month_idx').on(table.subscriptionId, table.year, table.month),
    index('billings_user_idx').on(table.userId, table.year, table.month),
    check('billings_month', sql`${table.month} between 1 and 12`),
    check('billings_amounts', sql`${table.amount} >= 0 and ${table.creditUsed} >= 0 and ${table.payable} = ${table.amount} - ${table.creditUsed}`),
  ],
);

/**
 * Issue 30: usage a SOVEREIGN records for an app over a past range (an adjustment, never an edit
 * of the live intervals). Counted as live time: the same range twice, or a range over recorded
 * live time, counts each minute once. Unique per subscription and range, so a retried request
 * writes one row.
 */
export const usageCorrections = pgTable(
  'usage_corrections',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
    reason: text('reason').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('usage_corrections_range_idx').on(table.subscriptionId, table.startedAt, table.endedAt),
    check('usage_corrections_order', sql`${table.endedAt} > ${table.startedAt}`),
  ],
);

/** Issue 31: a build's stage record (contract/builds/schemas.ts buildStageSchema). */
export interface StoredStage {
  name: string;
  state: string;
  progress: number;
  startedAt: string | null;
  finishedAt: string | null;
  logs: { at: string; line: string }[];
}

/**
 * Issue 31: a build of an app. One active build per app by a partial unique index (an order
 * while one runs is refused by the database, whatever the processes); the same idempotency key
 * of the same user orders once. Stages and their logs live in the row (a few kB). The lease
 * (`lease_owner`, `lease_until`) says which process works on it: a lease that ran out belongs to
 * a process that died, and the sweeper takes the build over or fails it.
 */
export const builds = pgTable(
  'builds',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    shopAlias: text('shop_alias').notNull(),
    number: integer('number').notNull(),
    status: text('status').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    creationVersion: integer('creation_version').notNull(),
    releaseId: integer('release_id')
      .notNull()
      .references(() => engineReleases.id),
    releaseVersion: text('release_version').notNull(),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedByName: text('requested_by_name').notNull(),
    idempotencyKey: text('idempotency_key'),
    remote: boolean('remote').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    stages: jsonb('stages').$type<StoredStage[]>().notNull(),
    error: jsonb('error').$type<{ code: string; message: string; nextStep: string; ourFault: boolean }>(),
    engineJobId: text('engine_job_id'),
    engineDeadline: timestamp('engine_deadline', { withTimezone: true }),
    /** The engine's last word (webhook or poll), read by the process that holds the lease. */
    engineResult: jsonb('engine_result').$type<Record<string, unknown>>(),
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('builds_shop_number_idx').on(table.shopId, table.number),
    uniqueIndex('builds_one_active_idx')
      .on(table.shopId)
      .where(sql`${table.status} not in ('succeeded', 'failed', 'cancelled')`),
    uniqueIndex('builds_idempotency_idx')
      .on(table.requestedBy, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
    uniqueIndex('builds_engine_job_idx')
      .on(table.engineJobId)
      .where(sql`${table.engineJobId} is not null`),
    index('builds_status_idx').on(table.status, table.createdAt),
    check('builds_progress', sql`${table.progress} between 0 and 100`),
  ],
);

/** Issue 31: a file a build made, stored under DATA_DIR/builds (`storage_key`), one per kind. */
export const buildArtifacts = pgTable(
  'build_artifacts',
  {
    id: serial('id').primaryKey(),
    buildId: integer('build_id')
      .notNull()
      .references(() => builds.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('build_artifacts_kind_idx').on(table.buildId, table.kind)],
);
