import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { PROFILE_PICTURE_TYPES } from '@contract/users/paths';
import { updateUserSchema, type User } from '@contract/users/schemas';
import { isValidName, isValidPhone, sanitizePhoneInput } from '@contract/validation';
import { NameFields, PhoneField } from '@/components/form/ProfileFields';
import { SubmitButton } from '@/components/form/SubmitButton';
import { PageLayout } from '@/components/PageLayout';
import { CREDIT_CURRENCY } from '@contract/credits/paths';
import { formatMoney } from '@contract/money';
import { useOnline } from '@/lib/online';
import { meQueryOptions } from '@/lib/session/get-me';
import { toast } from '@/lib/toast';
import { creditQueryOptions } from '../api/get-credit';
import { useUpdateUser } from '../api/update-user';
import { profilePictureProblem, useUploadProfilePicture } from '../api/upload-profile-picture';
import { fullName, initials } from '../model';
import { useUnsavedWork } from '@/lib/unsaved-work';

function ProfilePicture({ user }: { user: User }) {
  const upload = useUploadProfilePicture();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const issue = profilePictureProblem(file);
    setProblem(issue);
    if (issue) return;
    setPreview(URL.createObjectURL(file));
    upload.mutate(
      { userId: user.id, file },
      {
        onSuccess: () => toast('Profile picture updated', { variant: 'success' }),
        // The query client toasts the error; the old picture comes back.
        onError: () => setPreview(null),
      },
    );
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Avatar
        src={preview ?? user.profilePix ?? undefined}
        alt={fullName(user) || 'Profile picture'}
        sx={{ width: 88, height: 88, fontSize: '2rem', bgcolor: 'secondary.main' }}
      >
        {initials(user)}
      </Avatar>
      <Box sx={{ display: 'grid', gap: 0.5 }}>
        <input ref={input} type="file" accept={PROFILE_PICTURE_TYPES.join(',')} hidden aria-label="Profile picture file" onChange={choose} />
        <SubmitButton variant="outlined" pending={upload.isPending} onClick={() => input.current?.click()}>
          Upload picture
        </SubmitButton>
        <Typography variant="body2" color={problem ? 'error' : 'text.secondary'} role={problem ? 'alert' : undefined}>
          {problem ?? 'PNG, JPEG, WebP or GIF, up to 2 MB.'}
        </Typography>
      </Box>
    </Box>
  );
}

function ProfileForm({ user, resendVerification }: { user: User; resendVerification: ReactNode }) {
  const update = useUpdateUser();
  // A stored session from an older build may lack a field: start from ''.
  const [firstName, setFirstName] = useState(user.firstName ?? '');
  const [lastName, setLastName] = useState(user.lastName ?? '');
  const [phoneNo, setPhoneNo] = useState(user.phoneNo ?? '');
  const errors = {
    firstName: !isValidName(firstName),
    lastName: !isValidName(lastName),
    phoneNo: !isValidPhone(phoneNo),
  };
  const changes = { firstName: firstName.trim(), lastName: lastName.trim(), phoneNo: phoneNo.trim() };
  // A new version never reloads the page over unsaved profile edits.
  useUnsavedWork(changes.firstName !== (user.firstName ?? '') || changes.lastName !== (user.lastName ?? '') || changes.phoneNo !== (user.phoneNo ?? ''));
  // The contract's schema, which the server runs on this payload too.
  const valid = updateUserSchema.safeParse(changes).success;

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    update.mutate({ userId: user.id, changes }, { onSuccess: () => toast('Profile updated', { variant: 'success' }) });
  };

  return (
    <Box component="form" noValidate onSubmit={save} aria-label="Profile" sx={{ display: 'grid', gap: 2 }}>
      <NameFields
        firstName={{ value: firstName, onChange: (e) => setFirstName(e.target.value), invalid: errors.firstName }}
        lastName={{ value: lastName, onChange: (e) => setLastName(e.target.value), invalid: errors.lastName }}
      />
      <PhoneField value={phoneNo} onChange={(e) => setPhoneNo(sanitizePhoneInput(e.target.value))} invalid={errors.phoneNo} />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField label="Email" value={user.email} slotProps={{ htmlInput: { readOnly: true } }} sx={{ flex: '1 1 260px' }} />
        {user.requiresVerification ? (
          <>
            <Chip label="Unverified" color="warning" />
            {resendVerification}
          </>
        ) : (
          <Chip label="Verified" color="success" />
        )}
      </Box>
      <SubmitButton type="submit" pending={update.isPending} disabled={!valid} sx={{ justifySelf: 'start' }}>
        Save changes
      </SubmitButton>
    </Box>
  );
}

interface AccountPageProps {
  /** "Resend verification email" for `user` (the auth feature's), shown while unverified. */
  resendVerification: (user: User) => ReactNode;
  /** The referrals section (the referrals feature's). */
  referrals: ReactNode;
}

/** /account: profile, picture, available credit and referrals. Loaded by the route. */
export function AccountPage({ resendVerification, referrals }: AccountPageProps) {
  const { data: user } = useSuspenseQuery(meQueryOptions());
  // Money is never kept on the device (meta.persist: false): offline, the page opens without it.
  const { data: credit } = useQuery(creditQueryOptions());
  const online = useOnline();
  return (
    <PageLayout title="Your account" lead="Your profile, contact details and available credit.">
      <Box sx={{ display: 'grid', gap: 3, maxWidth: 760 }}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 3 }}>
          <Typography variant="h2" sx={{ fontSize: '1.5rem' }}>
            Profile
          </Typography>
          <ProfilePicture user={user} />
          {/* Keyed by id so a different signed-in user starts from their own values. */}
          <ProfileForm key={user.id} user={user} resendVerification={resendVerification(user)} />
        </Paper>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h2" sx={{ fontSize: '1.5rem' }}>
            Available Credits
          </Typography>
          {credit ? (
            <Typography sx={{ mt: 1, fontSize: '1.75rem', fontWeight: 700 }}>{formatMoney(credit.value, CREDIT_CURRENCY)}</Typography>
          ) : (
            <Typography sx={{ mt: 1 }} color="text.secondary">
              {online ? 'Loading your credit…' : 'Your credit is not kept on this device: it shows when you are back online.'}
            </Typography>
          )}
        </Paper>
        <Divider />
        {referrals}
      </Box>
    </PageLayout>
  );
}
