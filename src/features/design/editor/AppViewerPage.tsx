/**
 * `/app_viewer` (spec section 2): linked as the download of the live preview app. It says first
 * what works on every phone (issue 27): the phone's own camera opens the QR code's link, iPhone
 * included; then the spec's steps for the live preview app, with its store page when this
 * deployment has one (VITE_PREVIEW_APP_URL).
 */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { ButtonLink } from '@/components/links';
import { PageLayout } from '@/components/PageLayout';
import { usePreviewOrigin } from '@/lib/preview-origin';

const STORE_URL = import.meta.env.VITE_PREVIEW_APP_URL as string | undefined;

const LIST_SX = { pl: 3, display: 'grid', gap: 1, maxWidth: 720, my: 1.5 } as const;

export function AppViewerPage() {
  const { sameNetwork } = usePreviewOrigin();
  return (
    <PageLayout title="Get the live preview app" lead="See your app's design on your own phone, following every edit you make in the design editor.">
      <Box component="section" aria-labelledby="viewer-camera" sx={{ mb: 4 }}>
        <Typography id="viewer-camera" variant="h2" sx={{ mb: 1 }}>
          Your phone&apos;s camera is enough
        </Typography>
        <Typography component="ol" sx={LIST_SX}>
          <li>In the design editor, choose Preview on your phone.</li>
          <li>Point your phone&apos;s camera at the QR code. The Camera app of an iPhone, and of most Android phones, shows a link.</li>
          <li>Tap the link: the design opens in the phone&apos;s browser and follows every change you make.</li>
        </Typography>
        {sameNetwork && <Typography sx={{ maxWidth: 720 }}>Your phone must be on the same Wi-Fi network as the computer running this portal.</Typography>}
        <ButtonLink to="/apps" variant="contained" sx={{ mt: 2 }}>
          Choose an app to preview
        </ButtonLink>
      </Box>
      <Box component="section" aria-labelledby="viewer-app">
        <Typography id="viewer-app" variant="h2" sx={{ mb: 1 }}>
          The live preview app (Android)
        </Typography>
        <Typography component="ol" sx={LIST_SX}>
          <li>
            Install the live preview app from the Android store
            {STORE_URL ? (
              <>
                : <Link href={STORE_URL}>get it on Google Play</Link>.
              </>
            ) : (
              '.'
            )}
          </li>
          <li>Launch it.</li>
          <li>In the design editor, choose Preview on your phone and scan the QR code.</li>
        </Typography>
        {!STORE_URL && (
          <Typography sx={{ maxWidth: 720 }}>
            This portal does not offer the app in a store yet: use your phone&apos;s camera as above, it shows the same live design.
          </Typography>
        )}
      </Box>
    </PageLayout>
  );
}
