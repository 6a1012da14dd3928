/** The starter templates every installation has (contract/templates/starters.ts), owned by a system account. */
import { eq } from 'drizzle-orm';
import { STARTER_TEMPLATES } from '@contract/templates/starters';
import type { Database } from '../../db/database';
import { shops, users } from '../../db/schema';
import { insertTemplate } from './service';

/** The owner of the starter templates: a system account no one can sign in to. */
const STARTER_OWNER_EMAIL = 'templates@shopapp-studio.invalid';

/** Seeds every starter template that is missing (by templateId); never overwrites an edited one. */
export async function seedStarterTemplates(db: Database): Promise<number> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, STARTER_OWNER_EMAIL));
  const ownerId =
    existing?.id ??
    (
      await db
        .insert(users)
        .values({ firstName: 'ShopApp', lastName: 'Templates', email: STARTER_OWNER_EMAIL, passwordHash: null })
        .onConflictDoNothing()
        .returning({ id: users.id })
    )[0]?.id ??
    (await db.select({ id: users.id }).from(users).where(eq(users.email, STARTER_OWNER_EMAIL)))[0]?.id;
  if (!ownerId) throw new Error('the starter template owner could not be created');
  let added = 0;
  for (const starter of STARTER_TEMPLATES) {
    const [present] = await db.select({ id: shops.id }).from(shops).where(eq(shops.alias, starter.templateId));
    if (present) continue;
    try {
      await db.transaction(async (tx) => {
        await insertTemplate(tx, {
          templateId: starter.templateId,
          name: starter.name,
          category: starter.category,
          tags: starter.tags,
          creation: structuredClone(starter.creation) as Record<string, unknown>,
          ownerUserId: ownerId,
        });
      });
      added += 1;
    } catch (error) {
      // A second process seeding at the same moment: its rows won.
      if (!(error instanceof Error && /unique|duplicate/i.test(`${error.message} ${String((error as { cause?: unknown }).cause ?? '')}`))) throw error;
    }
  }
  return added;
}
