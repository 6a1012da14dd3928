import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { UpdateUserPayload, User } from '@contract/users/schemas';
import { api } from '@/api/client';
import { meQueryOptions } from '@/lib/session/get-me';
import { fillPath } from '@contract/api';
import { USER_PATHS } from '@contract/users/paths';

/** PUT /v1/user/{userId}: a partial update of the profile. */
export function updateUser({ userId, changes }: { userId: number; changes: UpdateUserPayload }): Promise<User> {
  return api<User>(fillPath(USER_PATHS.update, { userId }), { method: 'PUT', body: changes, fallback: 'Could not update the profile' });
}

/** The server's answer is the signed-in user as it now is. */
export function storeUser(queryClient: QueryClient, user: User): void {
  queryClient.setQueryData(meQueryOptions().queryKey, user);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateUser, onSuccess: (user) => storeUser(queryClient, user) });
}
