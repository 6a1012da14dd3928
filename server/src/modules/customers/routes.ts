import { customerSchema } from '@contract/accounts';
import type { AppDeps, AppInstance } from '../../app';
import { signedInUser } from '../../auth/guards';
import { ok } from '../../http/envelope';
import { customerOf, saveCustomer } from './service';

export function customerRoutes(app: AppInstance, { db, guards }: AppDeps): void {
  app.post('/v1/customers', { preHandler: guards.requireUser, schema: { body: customerSchema } }, async (request) =>
    ok(await saveCustomer(db, signedInUser(request).id, request.body)),
  );
  app.get('/v1/customers/me', { preHandler: guards.requireUser }, async (request) => ok(await customerOf(db, signedInUser(request).id)));
}
