/** `/templates/{templateId}/preview`: the template's preview card (Edit, Preview, Live Test, Play/Stop). */
import { useMemo } from 'react';
import Box from '@mui/material/Box';
import { parseCreationTolerant } from '@contract/creation/schemas-tolerant';
import { PageLayout } from '@/components/PageLayout';
import { useSession } from '@/lib/session/session';
import { canEditTemplate } from '../model';
import { findPreviewTemplate } from '../templates';
import { PreviewNotFound } from './PreviewNotFound';
import { TemplatePreviewCard } from './TemplatePreviewCard';

export interface TemplatePreviewPageProps {
  templateId: string;
  /** The live preview URL of a template (Live Test's QR code). */
  liveTestUrl: (target: { templateId: string; templateCategory: string }) => string;
}

export function TemplatePreviewPage({ templateId, liveTestUrl }: TemplatePreviewPageProps) {
  const { user } = useSession();
  const template = findPreviewTemplate(templateId);
  const creation = useMemo(() => (template ? parseCreationTolerant(template.creation) : undefined), [template]);
  if (!template || !creation) return <PreviewNotFound templateId={templateId} />;
  // The user's own shops arrive with the shops issue; until then only a sovereign may edit.
  const canEdit = canEditTemplate(user, template.shopAlias, []);
  return (
    <PageLayout title={`${template.name} preview`} lead="Tap through the app, press Play to watch its pages, or open it on your phone with Live Test.">
      <Box sx={{ display: 'flex', justifyContent: 'center' }}>
        <TemplatePreviewCard templateId={template.templateId} liveTestUrl={liveTestUrl({ templateId: template.templateId, templateCategory: template.category })} name={template.name} creation={creation} canEdit={canEdit} />
      </Box>
    </PageLayout>
  );
}
