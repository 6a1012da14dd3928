import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { NAMED_ROUTES } from '@/lib/named-routes';
import { ButtonLink } from '@/components/links';
import { PageLayout } from '@/components/PageLayout';
import { rewardReferrer } from '../api/reward-referrer';
import { useVerifyEmail } from '../api/verify-email';
import { useSession } from '@/lib/session/session';
import { ResendVerificationButton } from './ResendVerificationButton';

/** /email/verify?token=...: confirms the address once, then rewards the referrer (if any). */
export function EmailVerifyPage({ token }: { token?: string }) {
  const { isLoggedIn, user } = useSession();
  const verify = useVerifyEmail();
  const started = useRef(false);
  const { mutate } = verify;

  useEffect(() => {
    // StrictMode runs effects twice: a verification token is single-use, so ask once.
    if (!token || started.current) return;
    started.current = true;
    mutate(token, {
      onSuccess: (verified) => {
        // The server rewards on verification too; this call is idempotent, and its failure is not the merchant's concern.
        rewardReferrer(verified.id).catch(() => {});
      },
    });
  }, [token, mutate]);

  const resendButton = isLoggedIn && user ? <ResendVerificationButton user={user} sx={{ justifySelf: 'start' }} /> : null;

  return (
    <PageLayout title="Verify your email" lead="Confirm your email address with the link we sent you, so we can reach you about your apps.">
      <Box sx={{ maxWidth: 560, display: 'grid', gap: 2 }}>
        {!token ? (
          <>
            <Alert severity="warning">This verification link is incomplete. Open the link from your email again, or ask for a new one.</Alert>
            {resendButton}
          </>
        ) : verify.isSuccess ? (
          <>
            <Alert severity="success" role="status">
              <Typography component="h2" sx={{ fontWeight: 700 }}>
                Your email is verified
              </Typography>
            </Alert>
            <ButtonLink to={NAMED_ROUTES.ShopSetupPage} variant="contained" sx={{ justifySelf: 'start' }}>
              Start a new app
            </ButtonLink>
          </>
        ) : verify.isError ? (
          <>
            <Alert severity="error">{verify.error.message}</Alert>
            {resendButton}
          </>
        ) : (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <CircularProgress size={24} aria-hidden />
            <Typography>Verifying your email…</Typography>
          </Box>
        )}
      </Box>
    </PageLayout>
  );
}
