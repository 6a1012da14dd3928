import { createFileRoute } from '@tanstack/react-router';
import { creditQueryOptions } from '@/features/users/api/get-credit';
import { AccountPage } from '@/features/users/components/AccountPage';
import { referralsQueryOptions } from '@/features/referrals/api/get-referrals';
import { ReferralsSection } from '@/features/referrals/components/ReferralsSection';
import { ResendVerificationButton } from '@/features/auth/components/ResendVerificationButton';
import { NotOnThisDevice, ensureRouteData } from '@/lib/route-data';
import { meQueryOptions } from '@/lib/session/get-me';

/** A part the device does not keep: offline, the page opens without it. */
function unlessOffline(error: unknown): void {
  if (!(error instanceof NotOnThisDevice)) throw error;
}

export const Route = createFileRoute('/_authed/account')({
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      // The profile form starts from the user as the server has it now (offline: as last loaded).
      ensureRouteData(queryClient, meQueryOptions(), { fresh: true }),
      // Money is never kept on the device: offline, the page opens without it and says so.
      ensureRouteData(queryClient, creditQueryOptions()).catch(unlessOffline),
      ensureRouteData(queryClient, referralsQueryOptions()).catch(unlessOffline),
    ]),
  component: AccountRoute,
});

function AccountRoute() {
  return (
    <AccountPage
      resendVerification={(user) => (
        <ResendVerificationButton user={user} variant="text">
          Resend verification email
        </ResendVerificationButton>
      )}
      referrals={<ReferralsSection />}
    />
  );
}
