import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { canPromptInstall, needsIosInstallSteps, promptInstall, subscribePwa } from '@/app/pwa';

/**
 * "Install app": the browser's own prompt where `beforeinstallprompt` fired, the Add to Home
 * Screen steps on iOS (which has no prompt), nothing once installed or where neither applies.
 */
export function InstallAppButton() {
  const [available, setAvailable] = useState(canPromptInstall);
  const [ios] = useState(() => needsIosInstallSteps());
  const [steps, setSteps] = useState(false);
  useEffect(() => {
    const stopAvailable = subscribePwa('install-available', () => setAvailable(true));
    const stopInstalled = subscribePwa('installed', () => setAvailable(false));
    return () => {
      stopAvailable();
      stopInstalled();
    };
  }, []);
  if (!available && !ios) return null;
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
      <Dialog open={steps} onClose={() => setSteps(false)} aria-labelledby="install-steps-title">
        <DialogTitle id="install-steps-title">Install ShopApp Studio</DialogTitle>
        <DialogContent>
          <ol>
            <li>Tap the Share button in Safari&apos;s toolbar.</li>
            <li>Choose Add to Home Screen.</li>
            <li>Tap Add: the portal opens from your home screen like an app.</li>
          </ol>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setSteps(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
