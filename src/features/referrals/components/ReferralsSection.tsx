import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { REFERRAL_REWARD_MINOR_UNITS } from '@contract/referrals/paths';
import { referralInviteSchema, type ReferralSummary } from '@contract/referrals/schemas';
import { FIELD_MESSAGES, isValidEmail } from '@contract/validation';
import { SubmitButton } from '@/components/form/SubmitButton';
import { ValidatedTextField } from '@/components/form/ValidatedTextField';
import { CREDIT_CURRENCY } from '@contract/credits/paths';
import { formatMoney } from '@contract/money';
import { useOnline } from '@/lib/online';
import { toast } from '@/lib/toast';
import { referralsQueryOptions } from '../api/get-referrals';
import { useSendReferralInvite } from '../api/send-referral-invite';

function referralLink(code: string, origin = window.location.origin): string {
  return `${origin}/?ref=${encodeURIComponent(code)}`;
}

/** The account page's referrals: your link, an invite by email, and who you referred. Loaded by the route. */
export function ReferralsSection() {
  // Not kept on the device (meta.persist: false, it counts money earned): offline, the page opens without it.
  const { data: referrals } = useQuery(referralsQueryOptions());
  const online = useOnline();
  if (!referrals) {
    return (
      <Box component="section" aria-labelledby="referrals-heading" sx={{ display: 'grid', gap: 2 }}>
        <Typography id="referrals-heading" variant="h2" sx={{ fontSize: '1.5rem' }}>
          Referrals
        </Typography>
        <Typography color="text.secondary">
          {online ? 'Loading your referrals…' : 'Your referral link and referrals are not kept on this device: they show when you are back online.'}
        </Typography>
      </Box>
    );
  }
  return <Referrals referrals={referrals} />;
}

function Referrals({ referrals }: { referrals: ReferralSummary }) {
  const invite = useSendReferralInvite();
  const [email, setEmail] = useState('');
  const [firstName, setFirstName] = useState('');
  const link = referralLink(referrals.referralCode);
  // The contract's schema, which the server runs on this payload too.
  const inviteValid = referralInviteSchema.safeParse({ email, firstName }).success;
  const emailError = email !== '' && !isValidEmail(email);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast('Referral link copied', { variant: 'success' });
    } catch {
      toast('Could not copy; select the link and copy it instead', { variant: 'error' });
    }
  };

  const sendInvite = (event: FormEvent) => {
    event.preventDefault();
    if (!inviteValid) return;
    invite.mutate(
      { email: email.trim(), firstName: firstName.trim() || undefined },
      {
        onSuccess: () => {
          toast(`Invite sent to ${email.trim()}`, { variant: 'success' });
          setEmail('');
          setFirstName('');
        },
      },
    );
  };

  return (
    <Box component="section" aria-labelledby="referrals-heading" sx={{ display: 'grid', gap: 2 }}>
      <Typography id="referrals-heading" variant="h2" sx={{ fontSize: '1.5rem' }}>
        Referrals
      </Typography>
      <Typography color="text.secondary">
        Earn {formatMoney(REFERRAL_REWARD_MINOR_UNITS, CREDIT_CURRENCY)} in credit for every merchant who signs up with your link and verifies their email.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField label="Your referral link" value={link} slotProps={{ htmlInput: { readOnly: true } }} sx={{ flex: '1 1 280px' }} />
        <Button variant="outlined" onClick={() => void copy()}>
          Copy
        </Button>
      </Box>
      <Box
        component="form"
        noValidate
        onSubmit={sendInvite}
        aria-label="Invite by email"
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}
      >
        <ValidatedTextField
          label="Friend's email"
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          invalid={emailError}
          message={FIELD_MESSAGES.email}
          sx={{ flex: '1 1 220px' }}
        />
        <TextField label="Friend's first name" value={firstName} onChange={(e) => setFirstName(e.target.value)} sx={{ flex: '1 1 160px' }} />
        <SubmitButton type="submit" pending={invite.isPending} disabled={!inviteValid} sx={{ mt: 1 }}>
          Send invite
        </SubmitButton>
      </Box>
      <Box>
        <Typography sx={{ fontWeight: 500 }}>
          {referrals.referrals.length === 1 ? '1 merchant referred' : `${referrals.referrals.length} merchants referred`},{' '}
          {formatMoney(referrals.earned, CREDIT_CURRENCY)} earned
        </Typography>
        {referrals.referrals.length > 0 ? (
          <List aria-label="Referred merchants">
            {referrals.referrals.map((referral) => (
              <ListItem key={referral.id} disableGutters divider>
                <ListItemText
                  primary={referral.referredFirstName}
                  secondary={referral.rewardedAt ? `Earned ${formatMoney(referral.rewardAmount, CREDIT_CURRENCY)}` : 'Waiting for email verification'}
                />
              </ListItem>
            ))}
          </List>
        ) : null}
      </Box>
    </Box>
  );
}
