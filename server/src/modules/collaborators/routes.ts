import type { AppDeps, AppInstance } from '../../app';
import { signedInUser } from '../../auth/guards';
import { ignoreBodies } from '../../http/bodyless';
import { ok } from '../../http/envelope';
import { deleteInviteHistory } from './service';

export function collaboratorRoutes(app: AppInstance, { db, guards }: AppDeps): void {
  void app.register(async (scope) => {
    ignoreBodies(scope);
    scope.delete('/v1/invites-history', { preHandler: guards.requireUser }, async (request) =>
      ok(await deleteInviteHistory(db, signedInUser(request).id)),
    );
  });
}
