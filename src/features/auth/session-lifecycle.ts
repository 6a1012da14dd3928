import type { QueryClient } from '@tanstack/react-query';
import type { AuthResult, User } from '@contract/accounts';
import { deleteInvitesHistory } from '@/features/collaborators/api/delete-invites-history';
import { clearSession, setSession } from './session';

/**
 * Spec section 4 "Login or registration" and "Logout": the one place a session starts or ends.
 * Every query not marked `meta.public` (catalogue data such as plans and super-categories) is
 * per-user data and is removed; the persisted cache follows the query cache, so it goes too.
 */
export function resetUserData(queryClient: QueryClient): void {
  void queryClient.cancelQueries({ predicate: (query) => query.meta?.public !== true });
  queryClient.removeQueries({ predicate: (query) => query.meta?.public !== true });
}

export interface PostLoginContext {
  queryClient: QueryClient;
  user: User;
}

/**
 * Steps run after every login or registration, in order, without waiting for each other; a
 * failing step never undoes the login. The notifications feature adds "count notifications and
 * fetch open ones" here.
 */
export const POST_LOGIN_STEPS: ((context: PostLoginContext) => unknown)[] = [() => deleteInvitesHistory()];

export function startSession(queryClient: QueryClient, { user, token }: AuthResult): void {
  resetUserData(queryClient);
  setSession({ user, token });
  for (const step of POST_LOGIN_STEPS) {
    try {
      void Promise.resolve(step({ queryClient, user })).catch(() => {});
    } catch {
      // a step's failure is its own business
    }
  }
}

export function endSession(queryClient: QueryClient): void {
  resetUserData(queryClient);
  clearSession();
}
