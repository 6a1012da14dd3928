/**
 * `/test/preview?t={alias}&v={version}&p={key}`: the live preview a phone opens from the QR code.
 * The design renders full-screen and follows every stored edit; a status bar below the app (never
 * over it) says it is live, or what waits.
 * A private design needs the shop's preview key (`p`) or a signed-in viewer; a refusal shows the
 * store's message on an access-denied (or not-found) page.
 * A `t` naming a built-in preview template starts from that template's design. Signed in, the
 * viewer can set the primary colour from here (the store refuses anyone but the shop's editors).
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import { brandColourPatch } from '@contract/design/derived';
import { createCreationParser } from '@contract/design/schemas-tolerant';
import { ForbiddenPage } from '@/components/ForbiddenPage';
import { PageLayout, useDocumentTitle } from '@/components/PageLayout';
import { useToken } from '@/lib/session/token';
import { mergeDesign } from '@/features/preview/design-link';
import type { Screen } from '@/features/preview/screens';
import { findPreviewTemplate } from '@/features/preview/templates';
import { DESIGN_NOT_ON_THIS_DEVICE } from '@/features/design/document';
import { useDesignDoc } from '@/features/design/use-design-doc';

const PhonePreview = lazy(() => import('@/features/preview/components/PhonePreview'));

/** The status of a design shown as it is stored: what a phone's viewer needs to know. */
const LIVE = 'Live: showing the latest design';

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

export default function LivePreviewPage({
  alias,
  version,
  page,
  previewKey,
}: {
  alias: string;
  version: number;
  page?: Screen | undefined;
  previewKey?: string | undefined;
}) {
  const doc = useDesignDoc(alias, version, previewKey);
  const template = findPreviewTemplate(alias);
  // Each stored edit re-parses only the groups it changed; the rest keep their objects (and the
  // phone's memoised parts their renders). A shop's design is the document's own Creation
  // (parsed once, in useDesignDoc); only a built-in template's lays the document over the template.
  const [parse] = useState(createCreationParser);
  const creation = useMemo(
    () => (template ? parse(mergeDesign(template.creation, doc.data ?? undefined)) : doc.creation),
    [parse, template, doc.data, doc.creation],
  );
  const wide = useMediaQuery('(min-width: 600px)');
  const signedIn = useToken() !== null;
  // Setting the primary colour derives its shades, the toolbar text and the fields that follow it (spec section 4).
  const setPrimary = (value: string) => {
    const patch = brandColourPatch(creation, 'primary', value);
    if (Object.keys(patch).length > 0) doc.applyEdit(patch);
  };
  const denied = template ? null : doc.denied;
  const unavailable = !template && doc.availability === 'unavailable';
  useDocumentTitle(
    denied ? (denied.status === 404 ? 'App not found' : 'Access denied') : unavailable ? 'Not available offline' : `${creation.shop.name} live preview`,
  );
  if (denied?.status === 404)
    return <PageLayout title="App not found" lead={`There is no app '${alias.slice(0, 80)}'. Scan its QR code again from the design editor.`} />;
  if (denied) return <ForbiddenPage lead={denied.message} />;
  if (unavailable) return <PageLayout title="Not available offline" lead={DESIGN_NOT_ON_THIS_DEVICE} />;
  return (
    <div
      data-testid="live-preview"
      data-revision={doc.revision}
      style={{ position: 'fixed', inset: 0, zIndex: 1400, background: '#0E1015', display: 'flex', flexDirection: 'column', padding: wide ? '24px 24px 0' : 0 }}
    >
      <h1 style={VISUALLY_HIDDEN}>{creation.shop.name} live preview</h1>
      {/* The phone takes the screen above the status bar: nothing of this page covers the app. */}
      <div style={{ flex: '1 1 0', minHeight: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <div style={wide ? { height: 'min(760px, 100%)', aspectRatio: '372 / 760', display: 'flex' } : { width: '100%', height: '100%' }}>
          <Suspense fallback={null}>
            <PhonePreview creation={creation} screen={page ?? 'home-page'} framed={wide} />
          </Suspense>
        </div>
      </div>
      <div
        style={{
          flex: 'none',
          minHeight: 32,
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'center',
          gap: '4px 12px',
          padding: '4px 8px',
          font: '12px/20px Roboto, sans-serif',
          color: '#FFFFFF',
        }}
      >
        <p role="status" style={{ margin: 0 }}>
          {doc.loaded || doc.status === 'offline' ? (doc.status === 'in-sync' ? LIVE : doc.statusText) : 'Connecting…'}
        </p>
        {signedIn && (
          <label style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
            Primary colour
            <input
              type="color"
              value={creation.colors.primary.slice(0, 7).toLowerCase()}
              onChange={(event) => setPrimary(event.target.value)}
              style={{ width: 32, height: 20, padding: 0, border: 0, background: 'none' }}
            />
          </label>
        )}
        {doc.refused && (
          <p role="alert" style={{ margin: 0, padding: '0 8px', borderRadius: 12, background: '#B3261E' }}>
            {doc.refused}
          </p>
        )}
      </div>
    </div>
  );
}
