/**
 * The Preview instructions modal (spec section 2), opened by Live Test on a template card and by
 * 'Preview on your phone' in the design editor: install the live preview app from the Android
 * store, launch it, scan the QR code. The code (level H, size 200) is `url`: the live preview URL
 * carrying the spec's fields (the route builds it with the design feature's previewUrl), so a
 * phone's camera opens the live preview too.
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

export interface LiveTestDialogProps {
  open: boolean;
  onClose: () => void;
  templateId: string;
  /** The QR code's payload. */
  url: string;
  title?: string;
}

/** Loopback names a phone cannot reach: the merchant is told to open the portal by its network address. */
const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/;

export default function LiveTestDialog({ open, onClose, templateId, url, title = 'Live Test' }: LiveTestDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="live-test-title">
      <DialogTitle id="live-test-title">{title}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
        <Typography component="ol" sx={{ pl: 2, m: 0, alignSelf: 'stretch' }}>
          <li>
            Install the live preview app from the Android store (<Link href="/app_viewer">where to get it</Link>).
          </li>
          <li>Launch it.</li>
          <li>Scan this QR code to open the design on your phone.</li>
        </Typography>
        <QRCodeSVG value={url} level={CONSTANTS.previewQr.level} size={CONSTANTS.previewQr.size} title={`QR code of template ${templateId}`} data-testid="preview-qr" marginSize={4} />
        <Typography variant="body2" sx={{ wordBreak: 'break-all', textAlign: 'center' }}>
          Or open <Link href={url}>{url}</Link>
        </Typography>
        {LOOPBACK.test(new URL(url).hostname) && (
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
