import { createFileRoute } from '@tanstack/react-router';
import { creditQueryOptions } from '@/features/account/api/get-credit';
import { AccountPage } from '@/features/account/components/AccountPage';
import { referralsQueryOptions } from '@/features/referrals/api/get-referrals';
import { ReferralsSection } from '@/features/referrals/components/ReferralsSection';
import { ResendVerificationButton } from '@/features/sign-in/components/ResendVerificationButton';
import { meQueryOptions } from '@/lib/session/get-me';

export const Route = createFileRoute('/_authed/account')({
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      // The profile form starts from the user as the server has it now, not from a stale copy.
      queryClient.fetchQuery(meQueryOptions()),
      queryClient.ensureQueryData(creditQueryOptions()),
      queryClient.ensureQueryData(referralsQueryOptions()),
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
