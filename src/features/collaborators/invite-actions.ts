/**
 * Accept and Decline on an invite notification (spec section 4: "An invite can be accepted or
 * declined, and afterwards the notification becomes resolved"). The server resolves the
 * notification when the invite is answered and tells every open portal of the user; the shops
 * shared with the user are refetched. `meta.inviteToken` is the invite's reference, not the
 * e-mailed token: the server takes it from a user whose verified address is the invited one, and
 * tells anyone else to verify first or open the e-mailed link (shown as the toast).
 */
import { registerNotificationActions } from '@/lib/notification-actions';
import { toast } from '@/lib/toast';
import { answerInvite } from './api/answer-invite';

registerNotificationActions('invite', (notification) => {
  const { inviteToken, shopAlias } = notification.meta;
  if (!inviteToken || !shopAlias) return [];
  const answer = (status: 'accepted' | 'declined') => ({
    label: status === 'accepted' ? 'Accept' : 'Decline',
    async run(_notification: unknown, { queryClient }: { queryClient: import('@tanstack/react-query').QueryClient }) {
      // A refusal is toasted once, by the mutation cache (src/app/query-client.ts).
      try {
        const result = await answerInvite({ alias: shopAlias, token: inviteToken, status });
        toast(status === 'accepted' ? `You now collaborate on ${result.shopName}` : 'Invite declined', { variant: 'success' });
      } finally {
        await queryClient.invalidateQueries({ queryKey: ['shop-collaborations'] });
      }
    },
  });
  return [answer('accepted'), answer('declined')];
});
