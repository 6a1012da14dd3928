/**
 * The Live Test modal (spec section 2, "Preview instructions modal"): how to open the design in
 * the live preview app, and the QR code it scans. The live part (the design synced to the phone
 * while it is edited) is filled by the design-sync issue.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import { CONSTANTS } from '@contract/constants';

export interface LiveTestDialogProps {
  open: boolean;
  onClose: () => void;
  templateId: string;
  templateCategory: string;
}

/** What the QR encodes (spec section 2): templateId, version 0, type CLIENT, ownerType TEMPLATE, templateCategory, environment production. */
export function liveTestPayload(templateId: string, templateCategory: string): string {
  return JSON.stringify({ templateId, version: 0, type: 'CLIENT', ownerType: 'TEMPLATE', templateCategory, environment: 'production' });
}

export default function LiveTestDialog({ open, onClose, templateId, templateCategory }: LiveTestDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="live-test-title">
      <DialogTitle id="live-test-title">Live Test</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
        <Typography component="ol" sx={{ pl: 2, m: 0, alignSelf: 'stretch' }}>
          <li>Install the live preview app from the Android store.</li>
          <li>Launch it.</li>
          <li>Scan this QR code to open the design on your phone.</li>
        </Typography>
        <QRCodeSVG value={liveTestPayload(templateId, templateCategory)} level={CONSTANTS.previewQr.level} size={CONSTANTS.previewQr.size} title={`QR code of template ${templateId}`} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
