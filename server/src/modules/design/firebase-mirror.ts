/**
 * Firebase mode's server side. With a `databaseURL` in VITE_FIREBASE_CONFIG the portal writes
 * designs straight to the Firebase Realtime Database; this module keeps the server in step with it.
 *
 * Designs (issue 10): Firebase holds the design documents; the server's store
 * (`realtime_nodes`, service.ts) is a copy that follows them (storeImported: each changed document,
 * at Firebase's revision, with its last writer and the shop's config), so the public page, its
 * picture, versions and configure read what the merchant designed. A design change the server
 * makes (POST configure, a duplicated, default or merged version, an edit over HTTP from the
 * service worker's Background Sync) goes to Firebase too (designChanged), as one more revision of
 * the document there: the whole document, so such a change wins over an edit made in the same
 * instant, as a save does.
 *
 * Rights (issue 14): the rights of shop-access/access.ts must hold in Firebase too.
 * `database.rules.json` (deployed with `firebase deploy --only database`) reads them from
 * `access/{alias}`, which this module keeps in step with the database:
 *
 *   access/{alias} = { public: boolean, members: { "{userId}": { edit: boolean } } }
 *
 * - members: the owner (edit) and every collaborator with the view right (edit = editDesign); a
 *   template shop keeps owner only (spec section 5). A SOVEREIGN is a claim of the token, not a member.
 * - public: the public link is on, or the shop is a template's (anyone reads those).
 * - A deleted shop loses its node and its design documents.
 *
 * The portal signs in to Firebase with a custom token from POST /v1/realtime/firebase-token:
 * uid = the user's id, claim `sovereign`; a holder of the shop's preview key (a QR code's `p`)
 * gets the claim `preview: alias` (uid `preview-{alias}` when signed out). Firebase ID tokens
 * last an hour, so a demoted SOVEREIGN or a rotated key keeps its reads until the token renews;
 * a removed collaborator loses access at once (the node changes, the rules read it on each request).
 *
 * Without FIREBASE_SERVICE_ACCOUNT nothing is mirrored and no token is made (the `local` store
 * checks every write itself). Against an emulator (FIREBASE_DATABASE_EMULATOR_HOST), firebase-admin
 * connects as the emulator's admin.
 */
import { eq, inArray, like } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ROLE } from '@contract/constants';
import { type StoredDocument, visibleDocument } from '@contract/design/firebase-doc';
import { APPS_ROOT, designAddress, ENVIRONMENT, type RealtimeSnapshot } from '@contract/design/realtime';
import type { User } from '@contract/users/schemas';
import { AUTH_MESSAGES } from '../../auth/guards';
import { hasRole } from '@contract/users/roles';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { serviceAccountOf } from '../../firebase-service-account';
import { DEFAULT_PUBLIC_LINK, realtimeNodes, shopCollaborators, shopSharing, shops } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { previewKeyMatches } from './sharing';
import { storeImported } from './service';

const ACCESS_ROOT = 'access';

const FIREBASE_MESSAGES = {
  notConfigured: 'Firebase is not configured on this server',
  previewKey: 'This preview link is no longer valid',
} as const;

interface AccessNode {
  public: boolean;
  members: Record<string, { edit: boolean }>;
}

/**
 * The access nodes as the rules read them, by alias: of the shop `alias`, or of every shop (two
 * queries whatever their number). A shop that does not exist has none.
 */
async function accessNodes(db: Database, alias?: string): Promise<Map<string, AccessNode>> {
  const found = await db
    .select({ id: shops.id, alias: shops.alias, ownerUserId: shops.ownerUserId, isTemplate: shops.isTemplate, publicLink: shopSharing.publicLink })
    .from(shops)
    .leftJoin(shopSharing, eq(shopSharing.shopId, shops.id))
    .where(alias === undefined ? undefined : eq(shops.alias, alias));
  const collaborators = await db
    .select({ shopId: shopCollaborators.shopId, userId: shopCollaborators.userId, rights: shopCollaborators.accessRights })
    .from(shopCollaborators)
    .where(
      alias === undefined
        ? undefined
        : inArray(
            shopCollaborators.shopId,
            found.map((shop) => shop.id),
          ),
    );
  const byId = new Map(
    found.map((shop) => [shop.id, { shop, node: { public: shop.isTemplate || (shop.publicLink ?? DEFAULT_PUBLIC_LINK), members: {} } as AccessNode }]),
  );
  // A template shop keeps owner only (spec section 5): collaborator rights do not apply to it.
  for (const { shopId, userId, rights } of collaborators) {
    const entry = byId.get(shopId);
    if (entry && !entry.shop.isTemplate && rights.view) entry.node.members[String(userId)] = { edit: rights.editDesign };
  }
  for (const { shop, node } of byId.values()) node.members[String(shop.ownerUserId)] = { edit: true };
  return new Map([...byId.values()].map(({ shop, node }) => [shop.alias, node]));
}

/** The uid and claims of the custom token for `actor` (null: signed out), with the preview claim when the key matched. */
function tokenIdentity(actor: User | null, previewAlias: string | null): { uid: string; claims: Record<string, unknown> } | null {
  const claims: Record<string, unknown> = {};
  if (actor && hasRole(actor, ROLE.SOVEREIGN)) claims.sovereign = true;
  if (previewAlias) claims.preview = previewAlias;
  if (actor) return { uid: String(actor.id), claims };
  return previewAlias ? { uid: `preview-${previewAlias}`, claims } : null;
}

export interface FirebaseMirror {
  /** Writes every shop's rights, then follows every design document (on start). */
  start(): Promise<void>;
  /** A design document the server changed goes to Firebase as one more revision. Never throws. */
  designChanged(snapshot: RealtimeSnapshot): Promise<void>;
  /** Writes the access node of `alias` again (removes it and its designs when the shop is gone). Never throws. */
  shopChanged(alias: string): Promise<void>;
  /** Writes every shop's access node (on start: heals whatever a failed mirror left). */
  syncAll(): Promise<number>;
  /** A Firebase custom token (see the module comment); 404 when not configured, 403 for a wrong key. */
  customToken(actor: User | null, preview?: { alias: string; key: string }): Promise<string>;
  close(): Promise<void>;
}

interface AdminHandles {
  write(updates: Record<string, unknown>): Promise<void>;
  /** Sets the document at `path` to `value` (null removes) as one more revision. */
  writeDocument(path: string, value: unknown): Promise<void>;
  /** Every design document in Firebase, by alias and version (from followDesigns' data once it is followed). */
  readDesigns(): Promise<Record<string, Record<string, StoredDocument>>>;
  /** Calls `onChange(alias, versions)` for every shop's documents now, and on every change. */
  followDesigns(onChange: (alias: string, versions: Record<string, StoredDocument> | null) => void): void;
  createCustomToken(uid: string, claims: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

function firebaseDatabaseUrl(config: Config): string | null {
  if (!config.VITE_FIREBASE_CONFIG) return null;
  try {
    const url = (JSON.parse(config.VITE_FIREBASE_CONFIG) as { databaseURL?: unknown }).databaseURL;
    return typeof url === 'string' && url ? url : null;
  } catch {
    return null;
  }
}

/** firebase-admin, imported only in Firebase mode. */
async function openAdmin(serviceAccount: string, databaseURL: string): Promise<AdminHandles> {
  const [{ cert, deleteApp, initializeApp }, { getDatabase }, { getAuth }] = await Promise.all([
    import('firebase-admin/app'),
    import('firebase-admin/database'),
    import('firebase-admin/auth'),
  ]);
  const app = initializeApp({ credential: cert(serviceAccountOf(serviceAccount)), databaseURL }, `portal-access-${process.pid}-${Date.now()}`);
  const designs = getDatabase(app).ref(`${APPS_ROOT}/${ENVIRONMENT}`);
  return {
    write: (updates) => getDatabase(app).ref().update(updates),
    async writeDocument(path, value) {
      await getDatabase(app)
        .ref(path)
        .transaction((current: StoredDocument | null) => {
          if (value === null) return null;
          return { ...(value as object), revision: (current?.revision ?? 0) + 1, editIds: current?.editIds ?? {} };
        });
    },
    // once('value') beside followDesigns' listeners shares their download (get() would fetch again).
    readDesigns: async () => ((await designs.once('value')).val() as Record<string, Record<string, StoredDocument>> | null) ?? {},
    followDesigns(onChange) {
      const changed = (snapshot: { key: string | null; val(): unknown }) => {
        if (snapshot.key) onChange(snapshot.key, snapshot.val() as Record<string, StoredDocument> | null);
      };
      designs.on('child_added', changed);
      designs.on('child_changed', changed);
      designs.on('child_removed', (snapshot) => {
        if (snapshot.key) onChange(snapshot.key, null);
      });
    },
    createCustomToken: (uid, claims) => getAuth(app).createCustomToken(uid, claims),
    close: async () => {
      designs.off();
      await deleteApp(app);
    },
  };
}

export function createFirebaseMirror({ config, db, log }: { config: Config; db: Database; log: FastifyBaseLogger }): FirebaseMirror {
  const databaseURL = firebaseDatabaseUrl(config);
  const serviceAccount = config.FIREBASE_SERVICE_ACCOUNT;
  if (databaseURL && !serviceAccount)
    log.warn(
      'VITE_FIREBASE_CONFIG names a databaseURL but FIREBASE_SERVICE_ACCOUNT is unset: the portal cannot sign in to Firebase, and database.rules.json refuses its design writes',
    );
  const enabled = Boolean(databaseURL && serviceAccount);
  let admin: Promise<AdminHandles> | undefined;
  const handles = () => (admin ??= openAdmin(serviceAccount ?? '', databaseURL ?? ''));
  /** Mirrors of one shop run one after another, so the last change is the one that stays. */
  const queues = new Map<string, Promise<void>>();

  const mirror = async (alias: string) => {
    const node = (await accessNodes(db, alias)).get(alias) ?? null;
    const updates: Record<string, unknown> = { [`${ACCESS_ROOT}/${alias}`]: node };
    if (!node) updates[`${APPS_ROOT}/${ENVIRONMENT}/${alias}`] = null;
    await (await handles()).write(updates);
  };

  /**
   * By shop, the Firebase revision of each document the server's copy holds, so an unchanged
   * version is not stored again.
   */
  const importedByShop = new Map<string, Map<string, number>>();
  const importShop = async (alias: string, versions: Record<string, StoredDocument> | null) => {
    let imported = importedByShop.get(alias);
    if (!imported) importedByShop.set(alias, (imported = new Map()));
    const known = [...imported.keys()];
    const seen = new Set<string>();
    for (const [version, node] of Object.entries(versions ?? {})) {
      const address = designAddress(`${APPS_ROOT}/${ENVIRONMENT}/${alias}/${version}`);
      if (!address) continue;
      seen.add(address.doc);
      const { value, revision, editedBy } = visibleDocument(node);
      if (imported.get(address.doc) === revision) continue;
      const author = editedBy !== null && /^\d+$/.test(editedBy) ? Number(editedBy) : null;
      if (await storeImported(db, address, value, revision, author)) imported.set(address.doc, revision);
      else log.warn({ path: address.doc, revision }, 'Firebase design document is not a valid design: the server keeps its last valid copy');
    }
    for (const path of known.filter((path) => !seen.has(path))) {
      const address = designAddress(path);
      if (address) await storeImported(db, address, null, 0, null);
      imported.delete(path);
    }
    if (imported.size === 0) importedByShop.delete(alias);
  };
  /** Imports of one shop run one after another, in the order Firebase sent them. */
  const importQueues = new Map<string, Promise<void>>();
  const follow = (alias: string, versions: Record<string, StoredDocument> | null) => {
    const run = (importQueues.get(alias) ?? Promise.resolve())
      .then(() => importShop(alias, versions))
      .catch((error: unknown) => log.error({ err: error, alias }, 'Firebase design import failed'));
    importQueues.set(alias, run);
    void run.then(() => {
      if (importQueues.get(alias) === run) importQueues.delete(alias);
    });
  };

  return {
    async start() {
      if (!enabled) return;
      await this.syncAll();
      const admin = await handles();
      // Followed first, so the read below comes from the same download.
      admin.followDesigns(follow);
      // A design the server holds and Firebase lacks (a seeded template's, one made before Firebase
      // mode) goes to Firebase; from then on the server's copy follows Firebase's.
      const remote = await admin.readDesigns();
      const local = await db
        .select({ path: realtimeNodes.path, value: realtimeNodes.value })
        .from(realtimeNodes)
        .where(like(realtimeNodes.path, `${APPS_ROOT}/${ENVIRONMENT}/%`));
      for (const { path, value } of local) {
        const address = designAddress(path);
        if (address && address.inner.length === 0 && value !== null && !remote[address.alias]?.[String(address.version)])
          await admin.writeDocument(address.doc, value);
      }
    },
    async designChanged(snapshot) {
      if (!enabled) return;
      try {
        await (await handles()).writeDocument(snapshot.path, snapshot.value);
      } catch (error) {
        log.error({ err: error, path: snapshot.path }, 'Firebase design write failed');
      }
    },
    async shopChanged(alias) {
      if (!enabled) return;
      const run = (queues.get(alias) ?? Promise.resolve())
        .then(() => mirror(alias))
        .catch((error: unknown) => log.error({ err: error, alias }, 'Firebase access mirror failed'));
      queues.set(alias, run);
      await run;
      if (queues.get(alias) === run) queues.delete(alias);
    },
    async syncAll() {
      if (!enabled) return 0;
      const nodes = await accessNodes(db);
      const updates = Object.fromEntries([...nodes].map(([alias, node]) => [`${ACCESS_ROOT}/${alias}`, node]));
      // One update on the root replaces each named node and leaves the rest (a shop deleted while
      // the server was down keeps its stale node until shopChanged or an operator removes it).
      if (nodes.size) await (await handles()).write(updates);
      return nodes.size;
    },
    async customToken(actor, preview) {
      if (!enabled) throw new HttpError(404, FIREBASE_MESSAGES.notConfigured);
      let previewAlias: string | null = null;
      if (preview) {
        if (!(await previewKeyMatches(db, preview.alias, preview.key))) throw new HttpError(403, FIREBASE_MESSAGES.previewKey);
        previewAlias = preview.alias;
      }
      const identity = tokenIdentity(actor, previewAlias);
      if (!identity) throw new HttpError(401, AUTH_MESSAGES.loginRequired);
      return (await handles()).createCustomToken(identity.uid, identity.claims);
    },
    async close() {
      if (admin) await (await admin).close();
    },
  };
}
