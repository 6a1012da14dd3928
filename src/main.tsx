import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import { configureAuth } from '@/api/client';
import { createPersistOptions, createQueryClient } from '@/app/query-client';
import { createAppRouter } from '@/app/router';
import { theme } from '@/app/theme';
import { toast } from '@/app/toast';
import { ToastProvider } from '@/app/ToastProvider';
import { rememberReferralFromUrl } from '@/features/auth/referral-code';
import { getSession, subscribeToSession } from '@/features/auth/session';
import { endSession } from '@/features/auth/session-lifecycle';

rememberReferralFromUrl(window.location.search);
const queryClient = createQueryClient();
// Calls carry the user's bearer token when signed in; a 401 on it means the session is over.
configureAuth({
  token: () => getSession().token,
  onUnauthorized: (message) => {
    // Several calls can fail together on one expired token: end the session and say why once.
    if (!getSession().isLoggedIn) return;
    endSession(queryClient);
    toast(message, { variant: 'error' });
  },
});
const router = createAppRouter(queryClient);
// However a session ends (logout, an expired token, another tab), the page on screen re-runs its
// login check: a private one sends the merchant to the login prompt, and back after logging in.
let wasLoggedIn = getSession().isLoggedIn;
subscribeToSession(() => {
  const { isLoggedIn } = getSession();
  if (wasLoggedIn && !isLoggedIn) void router.invalidate();
  wasLoggedIn = isLoggedIn;
});
const persistOptions = createPersistOptions(window.localStorage);

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');

const root = createRoot(container);
// A transition render yields to the browser every few milliseconds instead of one long task
// (Lighthouse's Total Blocking Time); nothing is on screen before it anyway.
startTransition(() => {
  root.render(
    <StrictMode>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
          <ToastProvider>
            <RouterProvider router={router} />
          </ToastProvider>
        </PersistQueryClientProvider>
      </ThemeProvider>
    </StrictMode>,
  );
});
