import { ButtonLink } from '@/components/links';
import { PageLayout } from '@/components/PageLayout';

/** An unknown templateId on a preview route and on a template's edit and preview pages. */
export function PreviewNotFound({ templateId }: { templateId: string }) {
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
