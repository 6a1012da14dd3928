/** `/app_viewer` (spec section 2): where to get the live preview app the Preview instructions modal names. */
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { PageLayout } from '@/components/PageLayout';

/** The store page of the live preview app, when this deployment has one (VITE_PREVIEW_APP_URL). */
const STORE_URL = import.meta.env.VITE_PREVIEW_APP_URL as string | undefined;

export function AppViewerPage() {
  return (
    <PageLayout title="Get the live preview app" lead="See your app's design on your own phone, following every edit you make in the design editor.">
      <Typography component="ol" sx={{ pl: 3, display: 'grid', gap: 1.5, maxWidth: 720 }}>
        <li>
          Install the live preview app from the Android store
          {STORE_URL ? (
            <>
              : <Link href={STORE_URL}>open it on Google Play</Link>.
            </>
          ) : (
            ' (Google Play): search for the live preview app of this studio.'
          )}
        </li>
        <li>Launch it.</li>
        <li>In the design editor, choose Preview on your phone and scan the QR code.</li>
      </Typography>
      <Typography sx={{ mt: 3, maxWidth: 720 }}>
        No app? Scan the same QR code with your phone&apos;s camera: it opens the live preview in the phone&apos;s browser, and it follows your edits there too.
      </Typography>
    </PageLayout>
  );
}
