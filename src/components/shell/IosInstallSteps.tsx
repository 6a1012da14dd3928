import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';

/** iOS has no install prompt: how to add the portal to the home screen from Safari. */
export default function IosInstallSteps({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} aria-labelledby="install-steps-title">
      <DialogTitle id="install-steps-title">Install ShopApp Studio</DialogTitle>
      <DialogContent>
        <ol>
          <li>Tap the Share button in Safari&apos;s toolbar.</li>
          <li>Choose Add to Home Screen.</li>
          <li>Tap Add: the portal opens from your home screen like an app.</li>
        </ol>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
