/**
 * The template preview card (spec section 2): the phone preview of a template with Edit (only
 * for an allowed user), Preview, Live Test and Play/Stop. Play starts at the splash screen and
 * moves every 4000 ms, in order or at random (a pick of 0 to 30).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { CONSTANTS } from '@contract/constants';
import { ButtonLink } from '@/components/links';
import { useNearViewport } from '@/lib/use-near-viewport';
import type { Creation } from '@contract/design/schemas';
import { type PlayOrder, type Screen, nextPlayScreen } from '../screens';

// The phone loads with the preview, not with the card: a gallery's first screen does not need it.
// A design the server completed (`designComplete`) renders as it is: no Creation parser, no zod.
// Any other loads the parser in two stages, each module graph evaluating in a task of its own (the
// Creation schemas with zod, then the phone). Not zod alone: a dynamic import of its namespace
// would keep all of zod in the bundle (90 kB gzip instead of 28).
const CompletePhone = lazy(() => import('./PhonePreview'));
const TemplatePhone = lazy(async () => {
  await import('@contract/design/schemas-tolerant');
  return import('./TemplatePhone');
});
const LiveTestDialog = lazy(() => import('./LiveTestDialog'));

interface TemplatePreviewCardProps {
  templateId: string;
  /** The Live Test QR code's payload (the live preview URL, which names the template's category). */
  liveTestUrl: string;
  name: string;
  /** The template's Creation: as stored (parsed tolerantly once the phone loads), or complete. */
  design: unknown;
  /** `design` is a whole Creation the server completed (the template answer's `creationComplete`). */
  designComplete?: boolean;
  canEdit: boolean;
  /** Milliseconds between pages while playing (4000 by default). */
  playIntervalMs?: number;
  /**
   * Load the phone preview only once the card scrolls into view (galleries, the homepage slider);
   * until then the same-sized placeholder holds its place, so nothing shifts when it arrives.
   */
  lazyPreview?: boolean;
  /** Where Preview goes: the full-screen test preview (default) or the template's preview page. */
  previewPage?: 'test' | 'template';
}

const SCREEN_NAMES: Record<Screen, string> = {
  splash: 'Splash screen',
  login: 'Login',
  'home-page': 'Home',
  'categories-page': 'Categories',
  'order-history': 'Order History',
  cart: 'Cart',
  'customer-care': 'Customer Care',
  support: 'Support',
  'product-details': 'Product Details',
  'product-list': 'Products List',
  'check-out': 'Checkout',
};

const PHONE_PLACEHOLDER = { width: 372, maxWidth: '100%', aspectRatio: '372 / 760', borderRadius: 48, background: '#E7E9F0' } as const;

/**
 * The phone, its placeholder too, drawn at `--phone-zoom` of its size (default 1; a gallery sets
 * it smaller): the whole app scaled as a picture, laid out as on a phone rather than squeezed.
 */
const PHONE_ZOOM = { zoom: 'var(--phone-zoom, 1)', maxWidth: '100%', display: 'flex', justifyContent: 'center' } as const;

export function TemplatePreviewCard({
  templateId,
  liveTestUrl,
  name,
  design,
  designComplete = false,
  canEdit,
  playIntervalMs = CONSTANTS.playIntervalMs,
  lazyPreview = false,
  previewPage = 'test',
}: TemplatePreviewCardProps) {
  const [phoneRef, inView] = useNearViewport(lazyPreview);
  const [screen, setScreen] = useState<Screen>('splash');
  const [playing, setPlaying] = useState(false);
  const [order, setOrder] = useState<PlayOrder>('in-order');
  const [liveTest, setLiveTest] = useState(false);
  const [liveTestUsed, setLiveTestUsed] = useState(false);

  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => setScreen((current) => nextPlayScreen(current, order)), playIntervalMs);
    return () => window.clearInterval(timer);
  }, [playing, order, playIntervalMs]);

  const togglePlay = () => {
    if (!playing) setScreen('splash');
    setPlaying(!playing);
  };

  return (
    <Card component="article" aria-label={`Template ${name}`} sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'center', maxWidth: '100%' }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5, width: '100%' }}>
        <Typography component="h2" variant="h6">
          {name}
        </Typography>
        <div style={PHONE_ZOOM}>
          {inView ? (
            <Suspense fallback={<div style={PHONE_PLACEHOLDER} />}>
              {designComplete ? (
                <CompletePhone creation={design as Creation} screen={screen} onScreenChange={setScreen} framed />
              ) : (
                <TemplatePhone design={design} screen={screen} onScreenChange={setScreen} />
              )}
            </Suspense>
          ) : (
            <div ref={phoneRef} style={PHONE_PLACEHOLDER} data-testid="preview-placeholder" />
          )}
        </div>
        <Typography variant="body2" color="text.secondary" aria-live="polite" data-testid="preview-screen-name">
          {SCREEN_NAMES[screen]}
        </Typography>
      </CardContent>
      {/* Small buttons: the three fit one row of a gallery's 250 px card. */}
      <CardActions disableSpacing sx={{ flexWrap: 'wrap', justifyContent: 'center', gap: 1, pb: 2 }}>
        {canEdit && (
          <ButtonLink to="/templates/$templateId/edit" params={{ templateId }} variant="outlined" size="small">
            Edit
          </ButtonLink>
        )}
        {previewPage === 'template' ? (
          <ButtonLink to="/templates/$templateId/preview" params={{ templateId }} variant="outlined" size="small">
            Preview
          </ButtonLink>
        ) : (
          <ButtonLink to="/test/preview" search={{ templateId }} variant="outlined" size="small">
            Preview
          </ButtonLink>
        )}
        <Button
          variant="outlined"
          size="small"
          onClick={() => {
            setLiveTestUsed(true);
            setLiveTest(true);
          }}
        >
          Live Test
        </Button>
        <Button variant="contained" size="small" onClick={togglePlay} aria-pressed={playing}>
          {playing ? 'Stop' : 'Play'}
        </Button>
        <FormControlLabel
          control={<Switch checked={order === 'random'} onChange={(event) => setOrder(event.target.checked ? 'random' : 'in-order')} />}
          label="Random order"
        />
      </CardActions>
      {liveTestUsed && (
        <Suspense fallback={null}>
          <LiveTestDialog open={liveTest} onClose={() => setLiveTest(false)} templateId={templateId} url={liveTestUrl} />
        </Suspense>
      )}
    </Card>
  );
}
