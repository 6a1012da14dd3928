/**
 * `/join-project?token=...` (spec section 2; issue 14): the shop and who invited, then Accept or
 * Decline. A logged-out invitee is sent to log in or register first by the private layout, and
 * comes back here. An expired, used or wrong-address token gets a clear message. `token` is the
 * e-mailed token, or the invite's reference an invite notification opens with (which answers only
 * once the user's address is verified: the server's `problem` says so).
 */
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { COLLABORATOR_MESSAGES, parseInviteToken, roleOf } from '@contract/collaborators/schemas';
import type { User } from '@contract/users/schemas';
import { PageLayout } from '@/components/PageLayout';
import { toast } from '@/lib/toast';
import { useAnswerInvite } from '../api/answer-invite';
import { verifyInviteQueryOptions } from '../api/verify-invite';

const ROLE_TEXT = { owner: 'owner', manager: 'edit the design and manage collaborators', editor: 'edit the design', viewer: 'view the design' } as const;

export function JoinProjectPage({ user, token }: { user: User; token: string }) {
  const parsed = parseInviteToken(token);
  return (
    <PageLayout title="Join a project" lead="Accept or decline an invitation to work on a shop's design.">
      {parsed ? (
        <InviteAnswer user={user} token={token} alias={parsed.alias} inviteId={parsed.inviteId} />
      ) : (
        <Alert severity="error">{COLLABORATOR_MESSAGES.invalidToken}</Alert>
      )}
    </PageLayout>
  );
}

function InviteAnswer({ user, token, alias, inviteId }: { user: User; token: string; alias: string; inviteId: number }) {
  const navigate = useNavigate();
  const check = useQuery(verifyInviteQueryOptions({ alias, inviteId, token, email: user.email }));
  const answer = useAnswerInvite();
  if (check.isPending) return <Typography>Checking the invite…</Typography>;
  if (check.isError) return <Alert severity="error">{check.error.message}</Alert>;
  const invite = check.data;
  const respond = (status: 'accepted' | 'declined') =>
    answer.mutate(
      { alias, token, status },
      {
        onSuccess: (result) => {
          if (result.status === 'accepted') {
            toast(`You now collaborate on ${result.shopName}`, { variant: 'success' });
            void navigate({ to: '/apps/$alias', params: { alias: result.shopAlias } });
          } else {
            toast('Invite declined', { variant: 'info' });
            void navigate({ to: '/apps' });
          }
        },
      },
    );
  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 560 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <Avatar src={invite.shopLogo} alt="" sx={{ width: 56, height: 56 }} />
        <div>
          <Typography component="h2" variant="h5">
            {invite.shopName}
          </Typography>
          <Typography color="text.secondary">
            {invite.invitedBy} invited {invite.email}
          </Typography>
        </div>
      </Stack>
      <Typography sx={{ mb: 2 }}>You will be able to {ROLE_TEXT[roleOf(invite.accessRights)]}.</Typography>
      {invite.problem ? (
        <Alert severity="error" role="alert">
          {invite.problem}
        </Alert>
      ) : (
        <>
          {answer.isError && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {answer.error.message}
            </Alert>
          )}
          <Stack direction="row" spacing={1.5}>
            <Button variant="contained" disabled={answer.isPending} onClick={() => respond('accepted')}>
              Accept
            </Button>
            <Button variant="outlined" disabled={answer.isPending} onClick={() => respond('declined')}>
              Decline
            </Button>
          </Stack>
        </>
      )}
    </Paper>
  );
}
