import { useMutation } from '@tanstack/react-query';
import type { AuthResult, RegistrationPayload } from '@contract/auth/schemas';
import { api } from '@/api/client';
import { AUTH_PATHS } from '@contract/auth/paths';

/** POST /v1/auth/register: creates the user and returns it with a token. */
export function register(payload: RegistrationPayload): Promise<AuthResult> {
  // Spec section 8: the server's message, or 'Error creating new user'.
  return api<AuthResult>(AUTH_PATHS.register, { method: 'POST', body: payload, fallback: 'Error creating new user' });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
