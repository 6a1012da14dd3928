import type { AppDeps, AppInstance } from '../../app';
import { signedInUser } from '../../auth/guards';
import { ignoreBodies } from '../../http/bodyless';
import { ok } from '../../http/envelope';
import { creditOf } from './service';

export function creditRoutes(app: AppInstance, { db, guards }: AppDeps): void {
  // The portal posts with no body (spec section 7: POST /v1/credits, with no body).
  void app.register(async (scope) => {
    ignoreBodies(scope);
    scope.post('/v1/credits', { preHandler: guards.requireUser }, async (request) => ok(await creditOf(db, signedInUser(request).id)));
  });
}
