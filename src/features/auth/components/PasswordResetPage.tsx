import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useNavigate } from '@tanstack/react-router';
import { resetPasswordSchema } from '@contract/auth/schemas';
import { FIELD_MESSAGES } from '@contract/validation';
import { NewPasswordField, PasswordField } from '@/components/form/PasswordField';
import { SubmitButton } from '@/components/form/SubmitButton';
import { ButtonLink } from '@/components/links';
import { PageLayout } from '@/components/PageLayout';
import { toast } from '@/lib/toast';
import { useResetPassword } from '../api/reset-password';

/** /password/reset?token=...: choose a new password, then log in with it. */
export function PasswordResetPage({ token }: { token?: string }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const mismatch = confirmPassword !== '' && confirmPassword !== password;
  // The contract's schema, which the server runs on this payload too.
  const valid = resetPasswordSchema.safeParse({ token, password, confirmPassword }).success;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!token || !valid) return;
    reset.mutate(
      { token, password, confirmPassword },
      {
        onSuccess: () => {
          toast('Your password has been reset. You can now log in.', { variant: 'success' });
          void navigate({ to: '/', search: { 'login-modal': true } });
        },
      },
    );
  };

  return (
    <PageLayout title="Reset your password" lead="Choose a new password using the link from your reset email.">
      {!token ? (
        <Box sx={{ maxWidth: 560, display: 'grid', gap: 2 }}>
          <Alert severity="warning">This reset link is incomplete or has expired. Ask for a new link and use it within the time it gives.</Alert>
          <ButtonLink to="/" search={{ 'login-modal': true, 'login-view': 'forgot-password' }} variant="contained" sx={{ justifySelf: 'start' }}>
            Request a new link
          </ButtonLink>
        </Box>
      ) : (
        <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: 480, display: 'grid', gap: 2 }}>
          {reset.isError ? <Alert severity="error">{reset.error.message}</Alert> : null}
          <NewPasswordField label="New password" required autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          <PasswordField
            label="Confirm password"
            required
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(e) => setConfirmPassword(e.target.value)}
            invalid={mismatch}
            message={FIELD_MESSAGES.passwordsDiffer}
          />
          <SubmitButton type="submit" size="large" pending={reset.isPending} disabled={!valid} sx={{ justifySelf: 'start' }}>
            Reset password
          </SubmitButton>
        </Box>
      )}
    </PageLayout>
  );
}
