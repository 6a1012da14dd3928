import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserPayload, User } from '@contract/accounts';
import { api } from '@/api/client';
import { getSession, setSession } from '../session';
import { ME_QUERY_KEY } from './get-me';

/** PUT /v1/user/{userId}: a partial update of the profile. */
export function updateUser({ userId, changes }: { userId: number; changes: UpdateUserPayload }): Promise<User> {
  return api<User>(`/v1/user/${userId}`, { method: 'PUT', body: changes, fallback: 'Could not update the profile' });
}

/** Writes a user returned by the server into the session and the owning query. */
export function storeUser(queryClient: ReturnType<typeof useQueryClient>, user: User): void {
  const { token } = getSession();
  if (token) setSession({ user, token });
  queryClient.setQueryData(ME_QUERY_KEY, user);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateUser, onSuccess: (user) => storeUser(queryClient, user) });
}
