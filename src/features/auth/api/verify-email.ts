import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@contract/users/schemas';
import { api } from '@/api/client';
import { meQueryOptions } from '@/lib/session/get-me';
import { EMAIL_PATHS } from '@contract/auth/paths';

/** POST /v1/emails/verify: the token from the verification link; answers the verified user. */
export function verifyEmail(token: string): Promise<User> {
  return api<User>(EMAIL_PATHS.verify, { method: 'POST', body: { token }, fallback: 'Could not verify the email' });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    // The verification page shows the error itself.
    meta: { errorToast: false },
    onSuccess: (user) => {
      // Only the signed-in user's own record replaces the current user.
      const { queryKey } = meQueryOptions();
      if (queryClient.getQueryData(queryKey)?.id === user.id) queryClient.setQueryData(queryKey, user);
    },
  });
}
