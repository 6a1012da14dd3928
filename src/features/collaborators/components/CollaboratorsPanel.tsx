/**
 * Collaborators of a shop and its pending invites (issue 14): invite by e-mail with chosen
 * rights, change a collaborator's rights, remove one (or leave), resend or withdraw invites.
 * What the caller may do follows their rights; the server enforces them anyway.
 */
import { type FormEvent, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type AccessRights, type CollaborationRole, roleOf, type ShopAccess } from '@contract/collaborators/schemas';
import type { User } from '@contract/users/schemas';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { forgetShop } from '@/lib/shop-keys';
import { toast } from '@/lib/toast';
import { collaboratorsQueryOptions } from '../api/get-collaborators';
import { invitesQueryOptions } from '../api/get-invites';
import { useInviteCollaborators } from '../api/invite-collaborators';
import { useRemoveCollaborator } from '../api/remove-collaborator';
import { useResendInvites } from '../api/resend-invites';
import { useUpdateAccessRights } from '../api/update-access-rights';
import { useUpdateInvite } from '../api/update-invite';

type GrantableRole = Exclude<CollaborationRole, 'owner'>;
const ROLE_OPTIONS: Array<{ value: GrantableRole; label: string }> = [
  { value: 'viewer', label: 'Viewer: sees the design' },
  { value: 'editor', label: 'Editor: edits the design' },
  { value: 'manager', label: 'Manager: edits and manages collaborators' },
];
const rightsOf = (role: GrantableRole): AccessRights => ({ view: true, editDesign: role !== 'viewer', manageCollaborators: role === 'manager' });
const ROLE_NAMES: Record<CollaborationRole, string> = { owner: 'Owner', manager: 'Manager', editor: 'Editor', viewer: 'Viewer' };

export function CollaboratorsPanel({ alias, access, user }: { alias: string; access: ShopAccess; user: User }) {
  const canManage = access.accessRights.manageCollaborators;
  const collaborators = useQuery(collaboratorsQueryOptions(alias));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useRemoveCollaborator(alias);
  const rights = useUpdateAccessRights(alias);
  const [removing, setRemoving] = useState<{ id: number; name: string; self: boolean } | null>(null);
  const confirmRemove = () => {
    if (!removing) return;
    const { id, name, self } = removing;
    remove.mutate(
      { alias, collaboratorId: id },
      {
        onSuccess: () => {
          setRemoving(null);
          toast(self ? 'You left the app' : `${name} was removed`, { variant: 'success' });
          // Left: the device forgets the shop once this page (which reads it) is gone.
          if (self) void navigate({ to: '/apps' }).then(() => forgetShop(queryClient, alias));
        },
      },
    );
  };

  return (
    <Box component="section" aria-labelledby="collaborators-heading" sx={{ display: 'grid', gap: 2 }}>
      <Typography id="collaborators-heading" component="h2" variant="h5">
        Collaborators
      </Typography>
      {collaborators.isError && <Alert severity="error">{collaborators.error.message}</Alert>}
      {collaborators.data?.length === 0 && <Typography color="text.secondary">Nobody else works on this app yet.</Typography>}
      <Box component="ul" aria-label="Collaborators" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {collaborators.data?.map((collaborator) => {
          const self = collaborator.user.id === user.id;
          const name = `${collaborator.user.firstName} ${collaborator.user.lastName}`.trim();
          return (
            <Box component="li" key={collaborator.id} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
              <Avatar src={collaborator.user.profilePix || undefined} alt="">
                {collaborator.user.firstName.charAt(0)}
              </Avatar>
              <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {collaborator.user.email}
                </Typography>
              </Box>
              {canManage && !self ? (
                <TextField
                  select
                  size="small"
                  label={`Rights of ${name}`}
                  value={collaborator.role}
                  onChange={(event) =>
                    rights.mutate(
                      { alias, collaboratorId: collaborator.id, accessRights: rightsOf(event.target.value as GrantableRole) },
                      { onError: (error) => toast(error.message, { variant: 'error' }) },
                    )
                  }
                  sx={{ minWidth: 160 }}
                >
                  {ROLE_OPTIONS.map((option) => (
                    <MenuItem key={option.value} value={option.value}>
                      {ROLE_NAMES[option.value]}
                    </MenuItem>
                  ))}
                </TextField>
              ) : (
                <Chip label={ROLE_NAMES[collaborator.role]} size="small" />
              )}
              {(canManage || self) && (
                <Button color="error" disabled={remove.isPending} onClick={() => setRemoving({ id: collaborator.id, name, self })}>
                  {self ? 'Leave' : 'Remove'}
                </Button>
              )}
            </Box>
          );
        })}
      </Box>
      <ConfirmDialog
        open={removing !== null}
        title={removing?.self ? 'Leave this app?' : `Remove ${removing?.name ?? ''}?`}
        consequence={
          removing?.self
            ? 'You lose access to its design at once; only a new invite brings you back.'
            : `${removing?.name ?? 'They'} loses access at once, including a design they have open.`
        }
        confirmLabel={removing?.self ? 'Leave' : 'Remove'}
        busy={remove.isPending}
        error={remove.isError ? remove.error.message : null}
        onCancel={() => {
          setRemoving(null);
          remove.reset();
        }}
        onConfirm={confirmRemove}
      />
      {canManage && <InviteForm alias={alias} />}
      {canManage && <PendingInvites alias={alias} />}
    </Box>
  );
}

function InviteForm({ alias }: { alias: string }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<GrantableRole>('editor');
  const invite = useInviteCollaborators(alias);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(
      { alias, collaborators: [{ email: email.trim(), accessRights: rightsOf(role) }] },
      {
        onSuccess: () => {
          toast(`Invite sent to ${email.trim()}`, { variant: 'success' });
          setEmail('');
        },
      },
    );
  };
  return (
    <Box component="form" onSubmit={submit} aria-label="Invite a collaborator" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
      <TextField
        label="E-mail address"
        type="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        size="small"
        sx={{ flex: '1 1 220px' }}
      />
      <TextField select label="Rights" value={role} onChange={(event) => setRole(event.target.value as GrantableRole)} size="small" sx={{ flex: '1 1 200px' }}>
        {ROLE_OPTIONS.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
      <Button type="submit" variant="contained" disabled={invite.isPending || email.trim().length === 0}>
        Send invite
      </Button>
      {invite.isError && (
        <Alert severity="error" role="alert" sx={{ flexBasis: '100%' }}>
          {invite.error.message}
        </Alert>
      )}
    </Box>
  );
}

function PendingInvites({ alias }: { alias: string }) {
  const invites = useQuery(invitesQueryOptions(alias));
  const resend = useResendInvites(alias);
  const update = useUpdateInvite(alias);
  const pending = (invites.data ?? []).filter((invite) => invite.status === 'open' || invite.status === 'expired');
  return (
    <Box component="section" aria-labelledby="invites-heading">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, mb: 1, flexWrap: 'wrap' }}>
        <Typography id="invites-heading" component="h3" variant="h6">
          Pending invites
        </Typography>
        {pending.length > 0 && (
          <Button
            size="small"
            disabled={resend.isPending}
            onClick={() =>
              resend.mutate(undefined, {
                onSuccess: () => toast('Invites sent again', { variant: 'success' }),
                onError: (error) => toast(error.message, { variant: 'error' }),
              })
            }
          >
            Resend invites
          </Button>
        )}
      </Stack>
      {pending.length === 0 ? (
        <Typography color="text.secondary">No pending invites.</Typography>
      ) : (
        <Box component="ul" aria-label="Pending invites" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {pending.map((invite) => (
            <Box component="li" key={invite.id} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
              <Typography sx={{ flex: '1 1 200px', overflowWrap: 'anywhere' }}>{invite.email}</Typography>
              <Chip size="small" label={ROLE_NAMES[roleOf(invite.accessRights)]} />
              <Chip
                size="small"
                color={invite.status === 'expired' ? 'warning' : 'default'}
                label={invite.status === 'expired' ? 'Expired' : `Until ${new Date(invite.expiresAt).toLocaleDateString()}`}
              />
              {invite.status === 'open' && (
                <Button
                  size="small"
                  color="error"
                  disabled={update.isPending}
                  onClick={() => update.mutate({ alias, id: invite.id, status: 'revoked' }, { onError: (error) => toast(error.message, { variant: 'error' }) })}
                >
                  Withdraw
                </Button>
              )}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
