import type { AppDeps, AppInstance } from '../../app';
import { ok } from '../../http/envelope';
import { listPlans, listSuperCategories } from './service';

export function catalogRoutes(app: AppInstance, { db, guards }: AppDeps): void {
  app.get('/v1/plans', { preHandler: guards.requireClient }, async () => ok(await listPlans(db)));
  app.get('/v1/super-categories', { preHandler: guards.requireClient }, async () => ok(await listSuperCategories(db)));
}
