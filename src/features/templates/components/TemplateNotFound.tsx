import { ButtonLink } from '@/components/links';
import { PageLayout } from '@/components/PageLayout';

/** An unknown templateId on the edit and preview routes. */
export function TemplateNotFound({ templateId }: { templateId: string }) {
  return (
    <PageLayout
      title="Template not found"
      lead={`There is no template '${templateId.slice(0, 80)}'. It may have been removed.`}
      actions={
        <ButtonLink to="/templates" variant="contained" color="primary">
          Browse templates
        </ButtonLink>
      }
    />
  );
}
