import type { QueryClient } from '@tanstack/react-query';
import type { AuthResult } from '@contract/auth/schemas';
import type { User } from '@contract/users/schemas';
import { deleteInvitesHistory } from '@/features/collaborators/api/delete-invites-history';
import { notificationCountQueryOptions } from '@/features/notifications/api/get-notification-count';
import { notificationsQueryOptions } from '@/features/notifications/api/get-notifications';
import { startSession } from '@/lib/session/session';

interface PostLoginContext {
  queryClient: QueryClient;
  user: User;
}

/**
 * Spec section 4 "Login or registration": after the session starts, these steps run in order,
 * without waiting for each other; a failing step never undoes the login. They belong to other
 * features, so they are composed here rather than in auth.
 */
export const POST_LOGIN_STEPS: ((context: PostLoginContext) => unknown)[] = [
  // "Then notifications are counted and open ones fetched, and invite history is deleted."
  ({ queryClient }) => queryClient.prefetchQuery(notificationCountQueryOptions()),
  ({ queryClient }) => queryClient.prefetchQuery(notificationsQueryOptions()),
  () => deleteInvitesHistory(),
];

/** A login or registration succeeded: start the session, then the post-login steps. */
export function signIn(queryClient: QueryClient, result: AuthResult): void {
  startSession(queryClient, result);
  for (const step of POST_LOGIN_STEPS) {
    try {
      void Promise.resolve(step({ queryClient, user: result.user })).catch(() => {});
    } catch {
      // a step's failure is its own business
    }
  }
}
