import { useMutation } from '@tanstack/react-query';
import { PORTAL } from '@contract/constants';
import { api } from '@/api/client';
import { AUTH_PATHS } from '@contract/auth/paths';

/** POST /v1/auth/forgot-password: mails a reset link (always answers success). */
export function forgotPassword(email: string): Promise<null> {
  return api<null>(AUTH_PATHS.forgotPassword, { method: 'POST', body: { email, platform: PORTAL }, fallback: 'Could not send the reset link' });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
