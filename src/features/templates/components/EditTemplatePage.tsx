import { PageLayout } from '@/components/PageLayout';

export function EditTemplatePage({ templateId }: { templateId: string }) {
  return <PageLayout title="Edit template" lead={`Change the design of template ${templateId} and publish it as a new version.`} />;
}
