import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { CONTACT_LIMITS, CONTACT_MESSAGES, contactMessageSchema } from '@contract/contact/schemas';
import { SubmitButton } from '@/components/form/SubmitButton';
import { ValidatedTextField } from '@/components/form/ValidatedTextField';
import { useHydrated } from '@/lib/hydration';
import { useSession } from '@/lib/session/session';
import { useSendContactMessage } from '../api/send-contact-message';

type Field = 'name' | 'email' | 'subject' | 'message';
const FIELDS: Field[] = ['name', 'email', 'subject', 'message'];

/** The first problem the contract's schema (which the server runs too) finds in one field. */
function problemOf(field: Field, value: string): string | null {
  const result = contactMessageSchema.shape[field].safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Please check this field');
}

/**
 * The contact form: a message to the team, stored by the server and e-mailed to them. A
 * signed-in merchant's name and address are filled in. Each field says what is wrong once it has
 * been left or the form sent; the server's refusal (for example too many messages) shows above
 * the button.
 */
export function ContactForm() {
  const { user } = useSession();
  const hydrated = useHydrated();
  const [values, setValues] = useState<Record<Field, string>>(() => ({
    name: user ? `${user.firstName} ${user.lastName}`.trim() : '',
    email: user?.email ?? '',
    subject: '',
    message: '',
  }));
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const send = useSendContactMessage();
  const problems = Object.fromEntries(FIELDS.map((field) => [field, problemOf(field, values[field])])) as Record<Field, string | null>;

  const fieldProps = (field: Field) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => setValues((previous) => ({ ...previous, [field]: event.target.value })),
    onBlur: () => setTouched((previous) => ({ ...previous, [field]: true })),
    invalid: Boolean(touched[field] && problems[field]),
    message: problems[field] ?? '',
    required: true,
    fullWidth: true,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = contactMessageSchema.safeParse(values);
    if (!parsed.success) {
      setTouched({ name: true, email: true, subject: true, message: true });
      return;
    }
    send.mutate(values, {
      onSuccess: () => {
        setSentTo(parsed.data.email);
        setValues((previous) => ({ ...previous, subject: '', message: '' }));
        setTouched({});
      },
    });
  };

  if (sentTo !== null) {
    return (
      <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start', maxWidth: 720 }}>
        <Alert severity="success" role="status">
          {CONTACT_MESSAGES.received(sentTo)}
        </Alert>
        <Button
          variant="outlined"
          onClick={() => {
            send.reset();
            setSentTo(null);
          }}
        >
          Write another message
        </Button>
      </Box>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Contact form" sx={{ display: 'grid', gap: 2, maxWidth: 720 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <ValidatedTextField label="Your name" autoComplete="name" {...fieldProps('name')} />
        <ValidatedTextField label="Email" type="email" autoComplete="email" {...fieldProps('email')} />
      </Box>
      <ValidatedTextField label="Subject" {...fieldProps('subject')} slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.subject } }} />
      <ValidatedTextField label="Message" multiline minRows={5} {...fieldProps('message')} slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.message } }} />
      {send.error ? (
        <Alert severity="error" role="alert">
          {send.error.message}
        </Alert>
      ) : null}
      <Box>
        {/* The prerendered form cannot send before the page has hydrated (a native submit would
            reload the page and lose what was typed), so its button waits for the client. */}
        <SubmitButton type="submit" pending={send.isPending} disabled={!hydrated}>
          Send message
        </SubmitButton>
      </Box>
    </Box>
  );
}
