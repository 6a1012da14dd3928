/**
 * `/test/preview?t={alias}&v={version}`: the live preview a phone opens from the QR code. The
 * design renders full-screen and follows every stored edit, saying 'in sync at revision N'.
 * A `t` naming a built-in preview template starts from that template's design.
 */
import { lazy, Suspense, useMemo } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import { parseCreationTolerant } from '@contract/creation/schemas-tolerant';
import { useDocumentTitle } from '@/components/PageLayout';
import { mergeDesign } from '@/features/preview/model';
import type { Screen } from '@/features/preview/screens';
import { findPreviewTemplate } from '@/features/preview/templates';
import { useDesignDoc } from '@/features/design/use-design-doc';

const PhonePreview = lazy(() => import('@/features/preview/components/PhonePreview'));

const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, margin: -1, padding: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 } as const;

export default function LivePreviewPage({ alias, version, page }: { alias: string; version: number; page?: Screen | undefined }) {
  const doc = useDesignDoc(alias, version);
  const template = findPreviewTemplate(alias);
  const creation = useMemo(() => parseCreationTolerant(mergeDesign(template?.creation ?? {}, doc.data ?? undefined)), [template, doc.data]);
  const wide = useMediaQuery('(min-width: 600px)');
  useDocumentTitle(`${creation.shop.name} live preview`);
  return (
    <div
      data-testid="live-preview"
      data-revision={doc.revision}
      style={{ position: 'fixed', inset: 0, zIndex: 1400, background: '#0E1015', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: wide ? 24 : 0 }}
    >
      <h1 style={VISUALLY_HIDDEN}>{creation.shop.name} live preview</h1>
      <div style={wide ? { height: 'min(760px, calc(100vh - 72px))', aspectRatio: '372 / 760', display: 'flex' } : { width: '100%', height: '100%' }}>
        <Suspense fallback={null}>
          <PhonePreview creation={creation} screen={page ?? 'home-page'} framed={wide} />
        </Suspense>
      </div>
      <p
        role="status"
        style={{ position: 'absolute', bottom: 8, left: '50%', transform: 'translateX(-50%)', margin: 0, padding: '2px 10px', borderRadius: 12, font: '12px/20px Roboto, sans-serif', background: 'rgba(0,0,0,0.72)', color: '#FFFFFF' }}
      >
        {doc.loaded || doc.status === 'offline' ? doc.statusText : 'Connecting…'}
      </p>
    </div>
  );
}
