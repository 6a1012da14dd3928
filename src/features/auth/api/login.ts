import { useMutation } from '@tanstack/react-query';
import type { AuthResult, LoginPayload } from '@contract/auth/schemas';
import { api } from '@/api/client';
import { AUTH_PATHS } from '@contract/auth/paths';

/** POST /v1/auth/login: e-mail and password, or a Facebook id and access token. */
export function login(payload: LoginPayload): Promise<AuthResult> {
  // Spec section 8: the server's message, or 'Invalid Credentials' if none.
  return api<AuthResult>(AUTH_PATHS.login, { method: 'POST', body: payload, fallback: 'Invalid Credentials' });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
