import { useMutation } from '@tanstack/react-query';
import type { AuthResult, RegistrationPayload } from '@contract/accounts';
import { api } from '@/api/client';

/** POST /v1/auth/register: creates the user and returns it with a token. */
export function register(payload: RegistrationPayload): Promise<AuthResult> {
  // Spec section 8: the server's message, or 'Error creating new user'.
  return api<AuthResult>('/v1/auth/register', { method: 'POST', body: payload, fallback: 'Error creating new user' });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
