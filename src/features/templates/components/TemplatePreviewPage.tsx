import { PageLayout } from '@/components/PageLayout';

export function TemplatePreviewPage({ templateId }: { templateId: string }) {
  return <PageLayout title="Template preview" lead={`Step through the screens of template ${templateId} and scan its QR code to open it on your phone.`} />;
}
