import { lazy, Suspense, useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import { canPromptInstall, needsIosInstallSteps, promptInstall, subscribePwa } from '@/app/pwa';
import { useHydrated } from '@/lib/hydration';

// The steps dialog loads when asked for: the footer is on every first paint.
const IosInstallSteps = lazy(() => import('./IosInstallSteps'));

/**
 * "Install app": the browser's own prompt where `beforeinstallprompt` fired, the Add to Home
 * Screen steps on iOS (which has no prompt), nothing once installed or where neither applies.
 */
export function InstallAppButton() {
  const [available, setAvailable] = useState(canPromptInstall);
  // The device decides: a prerendered page (which knows no device) shows it once hydrated.
  const hydrated = useHydrated();
  const [ios] = useState(() => typeof navigator !== 'undefined' && needsIosInstallSteps());
  const [steps, setSteps] = useState(false);
  useEffect(() => {
    const stopAvailable = subscribePwa('install-available', () => setAvailable(true));
    const stopInstalled = subscribePwa('installed', () => setAvailable(false));
    return () => {
      stopAvailable();
      stopInstalled();
    };
  }, []);
  if (!hydrated || (!available && !ios)) return null;
  return (
    <>
      <Button
        variant="outlined"
        color="inherit"
        onClick={() => {
          if (available) void promptInstall().finally(() => setAvailable(canPromptInstall()));
          else setSteps(true);
        }}
      >
        Install app
      </Button>
      {steps ? (
        <Suspense fallback={null}>
          <IosInstallSteps onClose={() => setSteps(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
