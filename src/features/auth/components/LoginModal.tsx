import { useId, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import { toast } from '@/lib/toast';
import type { AuthResult } from '@contract/auth/schemas';
import { FIELD_MESSAGES, isValidEmail, sanitizePhoneInput } from '@contract/validation';
import type { LoginTab, LoginView } from '@/lib/search';
import { useForgotPassword } from '../api/forgot-password';
import { useLogin } from '../api/login';
import { useRegister } from '../api/register';
import { canRegister, canRequestReset, registrationPayload } from '../forms';
import { EMPTY_REGISTER_VALUES, registerFieldChecks, type RegisterValues } from '../model';
import { NewPasswordField, PasswordField } from '@/components/form/PasswordField';
import { NameFields, PhoneField } from '@/components/form/ProfileFields';
import { SubmitButton } from '@/components/form/SubmitButton';
import { ValidatedTextField } from '@/components/form/ValidatedTextField';
import { clearReferralCode, getStoredReferralCode } from '../referral-code';

interface LoginModalProps {
  initialView?: LoginView;
  /** The tab it opens on (Login unless told). */
  initialTab?: LoginTab | undefined;
  /** A login or registration succeeded: the caller starts the session. */
  onAuthenticated: (result: AuthResult) => void;
  onClose: () => void;
}

/** The app id the server writes into index.html; empty when Facebook is not configured. */
function facebookAppId(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="portal-facebook-app-id"]')?.content.trim() ?? '';
}

/** The Facebook flow can fail outside the API client (the SDK, the popup): its own fallback. */
function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

function LoginForm({ onSuccess, onForgot }: { onSuccess: (result: AuthResult) => void; onForgot: () => void }) {
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A failure is toasted by the query client: the server's message, else 'Invalid Credentials'.
    login.mutate({ grant_type: 'email', email: email.trim(), password }, { onSuccess });
  };
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      <TextField label="Email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <PasswordField label="Password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
      <Link component="button" type="button" onClick={onForgot} sx={{ justifySelf: 'start' }}>
        Forgot password?
      </Link>
      <SubmitButton type="submit" size="large" pending={login.isPending} disabled={!email.trim() || !password}>
        Login
      </SubmitButton>
    </Box>
  );
}

function RegisterForm({ onSuccess }: { onSuccess: (result: AuthResult) => void }) {
  const registration = useRegister();
  const [values, setValues] = useState<RegisterValues>(EMPTY_REGISTER_VALUES);
  const [touched, setTouched] = useState<Partial<Record<keyof RegisterValues, boolean>>>({});
  const [agreed, setAgreed] = useState(false);
  const checks = registerFieldChecks(values);
  const set = (field: keyof RegisterValues) => (event: { target: { value: string } }) =>
    setValues((prev) => ({ ...prev, [field]: field === 'phoneNo' ? sanitizePhoneInput(event.target.value) : event.target.value }));
  const blur = (field: keyof RegisterValues) => () => setTouched((prev) => ({ ...prev, [field]: true }));
  const showError = (field: keyof RegisterValues) => Boolean(touched[field]) && !checks[field];
  const field = (name: keyof RegisterValues) => ({ value: values[name], onChange: set(name), onBlur: blur(name), invalid: showError(name) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canRegister(values, agreed)) return;
    registration.mutate(registrationPayload(values, getStoredReferralCode()), {
      onSuccess: (result) => {
        // Spec section 4 "Referral": the code is cleared once the referral is created.
        clearReferralCode();
        toast('Success', { variant: 'success' });
        onSuccess(result);
      },
    });
  };

  const emailValid = checks.email;
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      <NameFields firstName={field('firstName')} lastName={field('lastName')} />
      <TextField
        label="Email"
        type="email"
        required
        autoComplete="email"
        value={values.email}
        onChange={set('email')}
        onBlur={blur('email')}
        color={emailValid ? 'success' : values.email ? 'error' : 'primary'}
        focused={values.email ? true : undefined}
        error={values.email !== '' && !emailValid}
        helperText={values.email === '' ? undefined : emailValid ? 'Looks good' : FIELD_MESSAGES.email}
        slotProps={{ formHelperText: emailValid ? undefined : { role: 'alert' } }}
      />
      <PhoneField {...field('phoneNo')} />
      <NewPasswordField label="Password" required autoComplete="new-password" {...field('password')} />
      <PasswordField label="Confirm Password" required autoComplete="new-password" {...field('confirmPassword')} message={FIELD_MESSAGES.passwordsDiffer} />
      <FormControlLabel
        control={<Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />}
        label={
          <span>
            I agree to the{' '}
            <Link href="/privacy-policy" target="_blank" rel="noopener">
              Privacy Policy
            </Link>{' '}
            and{' '}
            <Link href="/terms" target="_blank" rel="noopener">
              Terms
            </Link>
          </span>
        }
      />
      <SubmitButton type="submit" size="large" pending={registration.isPending} disabled={!canRegister(values, agreed)}>
        Register
      </SubmitButton>
    </Box>
  );
}

function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const forgot = useForgotPassword();
  const [email, setEmail] = useState('');
  const valid = canRequestReset(email);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    forgot.mutate(email.trim(), {
      onSuccess: () => {
        toast('A password reset link has been sent to the email provided', { variant: 'success' });
        onBack();
      },
    });
  };
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      <Typography color="text.secondary">Enter the email you registered with and we will send you a link to choose a new password.</Typography>
      <ValidatedTextField
        label="Email"
        type="email"
        required
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        invalid={email !== '' && !isValidEmail(email)}
        message={FIELD_MESSAGES.email}
      />
      <SubmitButton type="submit" size="large" pending={forgot.isPending} disabled={!valid}>
        Send reset link
      </SubmitButton>
      <Button onClick={onBack} sx={{ justifySelf: 'start' }}>
        Back to login
      </Button>
    </Box>
  );
}

function FacebookButton({ appId, onSuccess }: { appId: string; onSuccess: (result: AuthResult) => void }) {
  const [pending, setPending] = useState(false);
  const start = async () => {
    setPending(true);
    try {
      const { facebookSignIn } = await import('../facebook');
      onSuccess(await facebookSignIn(appId));
    } catch (error) {
      toast(messageOf(error, 'Login failed'), { variant: 'error' });
    } finally {
      setPending(false);
    }
  };
  return (
    <SubmitButton variant="outlined" size="large" pending={pending} onClick={() => void start()}>
      Continue with Facebook
    </SubmitButton>
  );
}

/** Spec section 2 "Login/register modal": Login and Register tabs, and a forgot-password view. */
export default function LoginModal({ initialView = 'login-register', initialTab = 'login', onAuthenticated, onClose }: LoginModalProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [view, setView] = useState<LoginView>(initialView);
  const [tab, setTab] = useState<LoginTab>(initialTab);
  const [appId] = useState(facebookAppId);
  const titleId = useId();

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {view === 'forgot-password' ? 'Forgot password?' : 'Welcome'}
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent>
        {view === 'forgot-password' ? (
          <ForgotPasswordForm onBack={() => setView('login-register')} />
        ) : (
          <>
            <Tabs value={tab} onChange={(_, value: LoginTab) => setTab(value)} variant="fullWidth" aria-label="Login or register" sx={{ mb: 2 }}>
              <Tab label="Login" value="login" id="auth-tab-login" aria-controls="auth-panel-login" />
              <Tab label="Register" value="register" id="auth-tab-register" aria-controls="auth-panel-register" />
            </Tabs>
            <div role="tabpanel" id={`auth-panel-${tab}`} aria-labelledby={`auth-tab-${tab}`}>
              {tab === 'login' ? (
                <LoginForm onSuccess={onAuthenticated} onForgot={() => setView('forgot-password')} />
              ) : (
                <RegisterForm onSuccess={onAuthenticated} />
              )}
            </div>
            {appId ? (
              <Box sx={{ display: 'grid', gap: 2, mt: 2 }}>
                <Divider>or</Divider>
                <FacebookButton appId={appId} onSuccess={onAuthenticated} />
              </Box>
            ) : null}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
