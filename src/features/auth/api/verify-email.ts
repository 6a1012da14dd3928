import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@contract/accounts';
import { api } from '@/api/client';
import { getSession } from '../session';
import { storeUser } from './update-user';

/** POST /v1/emails/verify: the token from the verification link; answers the verified user. */
export function verifyEmail(token: string): Promise<User> {
  return api<User>('/v1/emails/verify', { method: 'POST', body: { token }, fallback: 'Could not verify the email' });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: (user) => {
      // Only the signed-in user's own record replaces the session user.
      if (getSession().user?.id === user.id) storeUser(queryClient, user);
    },
  });
}
