/**
 * `/test/preview` (spec section 2): a design rendered full-screen for a phone, with the app's
 * own navigation inside it. On a wide window the phone is drawn in a frame, centred.
 */
import { lazy, Suspense, useMemo, useState, useSyncExternalStore } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import { createCreationParser } from '@contract/design/schemas-tolerant';
import { useDocumentTitle } from '@/components/PageLayout';
import { ButtonLink } from '@/components/links';
import { mergeDesign, readDesignFragment } from '../design-link';
import type { Screen } from '../screens';
import { DEFAULT_TEMPLATE_ID, findPreviewTemplate } from '../templates';
import { PreviewNotFound } from './PreviewNotFound';

const PhonePreview = lazy(() => import('./PhonePreview'));

/** The page's name for screen readers; on screen the phone is the page. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

function subscribeToHash(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}
const readHash = () => window.location.hash;

export function TestPreviewPage({ templateId, page }: { templateId?: string | undefined; page?: Screen | undefined }) {
  const template = findPreviewTemplate(templateId ?? DEFAULT_TEMPLATE_ID);
  // A design to try may come in the link's fragment, over the template's own (any bad part falls
  // back); a new fragment restyles the phone in place.
  const hash = useSyncExternalStore(subscribeToHash, readHash);
  // A new fragment re-parses only the groups it changed; the rest keep their objects, so the
  // phone's memoised parts skip them (issue #9: at most 8 ms of script per design change).
  const [parse] = useState(createCreationParser);
  const creation = useMemo(() => (template ? parse(mergeDesign(template.creation, readDesignFragment(hash))) : undefined), [parse, template, hash]);
  const wide = useMediaQuery('(min-width: 600px)');
  useDocumentTitle(template ? `${template.name} preview` : 'Template not found');
  if (!template || !creation) return <PreviewNotFound templateId={templateId ?? ''} />;
  return (
    <div
      data-testid="test-preview"
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 1400,
        background: wide ? 'radial-gradient(circle at 30% 20%, #2A2F3D, #0E1015 70%)' : '#0E1015',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: wide ? 24 : 0,
      }}
    >
      <h1 style={VISUALLY_HIDDEN}>{template.name} preview</h1>
      {wide && (
        <ButtonLink to="/" variant="contained" color="inherit" sx={{ position: 'absolute', top: 16, left: 16 }}>
          Exit preview
        </ButtonLink>
      )}
      <div style={wide ? { height: 'min(760px, calc(100vh - 48px))', aspectRatio: '372 / 760', display: 'flex' } : { width: '100%', height: '100%' }}>
        <Suspense fallback={null}>
          <PhonePreview creation={creation} screen={page ?? 'splash'} framed={wide} />
        </Suspense>
      </div>
    </div>
  );
}
