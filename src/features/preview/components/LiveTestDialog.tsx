/**
 * The Preview instructions modal (spec section 2), opened by Live Test on a template card and by
 * 'Preview on your phone' in the design editor. The QR code (level H, size 200) is `url`, the
 * live preview URL carrying the spec's fields, on the origin a phone reaches (usePreviewOrigin).
 * What works first, in the merchant's words (issue 27): any phone's own camera, iPhone included,
 * opens the code's link in the phone's browser. Then the spec's instructions for the live
 * preview app: install it from the Android store, launch it, scan the QR code.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import { CONSTANTS } from '@contract/constants';
import { onOrigin, usePreviewOrigin } from '@/lib/preview-origin';

interface LiveTestDialogProps {
  open: boolean;
  onClose: () => void;
  templateId: string;
  /** The QR code's payload: a path (or URL) of this portal, shown on the origin phones reach. */
  url: string;
  title?: string;
}

/** Loopback names a phone cannot reach: the merchant is told to open the portal by its network address. */
const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/;

export default function LiveTestDialog({ open, onClose, templateId, url, title = 'Live Test' }: LiveTestDialogProps) {
  const { origin, sameNetwork } = usePreviewOrigin();
  const link = onOrigin(url, origin);
  const loopback = LOOPBACK.test(new URL(link).hostname);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="live-test-title" scroll="body">
      <DialogTitle id="live-test-title">{title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', justifyItems: 'center', gap: 2 }}>
        <QRCodeSVG
          value={link}
          level={CONSTANTS.previewQr.level}
          size={CONSTANTS.previewQr.size}
          title={`QR code of template ${templateId}`}
          data-testid="preview-qr"
          marginSize={4}
        />
        <section aria-labelledby="live-test-camera" style={{ justifySelf: 'stretch' }}>
          <Typography id="live-test-camera" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            With your phone&apos;s camera (iPhone or Android)
          </Typography>
          <Typography component="ol" sx={{ pl: 2.5, m: 0 }}>
            <li>Open the Camera app and point it at the code.</li>
            <li>Tap the link that appears: the design opens in the phone&apos;s browser and follows every change you make here.</li>
          </Typography>
          {sameNetwork && !loopback && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              Your phone must be on the same Wi-Fi network as this computer.
            </Typography>
          )}
        </section>
        <section aria-labelledby="live-test-app" style={{ justifySelf: 'stretch' }}>
          <Typography id="live-test-app" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            With the live preview app (Android)
          </Typography>
          <Typography component="ol" sx={{ pl: 2.5, m: 0 }}>
            <li>
              Install the live preview app from the Android store (<Link href="/app_viewer">where to get it</Link>).
            </li>
            <li>Launch it.</li>
            <li>Scan this QR code to open the design on your phone.</li>
          </Typography>
        </section>
        <Typography variant="body2" sx={{ justifySelf: 'stretch', overflowWrap: 'anywhere' }}>
          Or open this link on the phone: <Link href={link}>{link}</Link>
        </Typography>
        {loopback && (
          <Typography variant="body2" color="warning.dark">
            This address only works on this computer: open the portal by its network address to scan it from a phone on the same network.
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
