import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordPayload } from '@contract/auth/schemas';
import { api } from '@/api/client';
import { AUTH_PATHS } from '@contract/auth/paths';

/** POST /v1/auth/reset-password: the token from the e-mailed link and the new password. */
export function resetPassword(payload: ResetPasswordPayload): Promise<null> {
  return api<null>(AUTH_PATHS.resetPassword, { method: 'POST', body: payload, fallback: 'Could not reset the password' });
}

export function useResetPassword() {
  // The reset page shows the error itself, beside the form.
  return useMutation({ mutationFn: resetPassword, meta: { errorToast: false } });
}
