/** `/templates/{templateId}/preview`: the template's card, what it is, and how to start from it. */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TEMPLATE_CATEGORY_LABELS, type Template } from '@contract/templates/schemas';
import { ButtonLink } from '@/components/links';
import { PageLayout } from '@/components/PageLayout';

export function TemplateDetailsPage({
  template,
  renderCard,
  canEdit,
}: {
  template: Template;
  renderCard: (template: Template) => ReactNode;
  canEdit: (template: Template) => boolean;
}) {
  return (
    <PageLayout
      title={`${template.name} preview`}
      lead="Tap through the app, press Play to watch its pages, or open it on your phone with Live Test."
      actions={
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          <ButtonLink to="/new-app/setup" search={{ templateId: template.templateId }} variant="contained" color="secondary">
            Use this template
          </ButtonLink>
          {canEdit(template) ? (
            <ButtonLink to="/templates/$templateId/edit" params={{ templateId: template.templateId }} variant="outlined" color="inherit">
              Edit template
            </ButtonLink>
          ) : null}
        </Stack>
      }
    >
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }} aria-label="About this template">
        <Chip label={TEMPLATE_CATEGORY_LABELS[template.category]} color="primary" />
        <Chip label={`Version ${template.version}`} variant="outlined" />
        <Chip label={template.isPublished ? 'Published' : 'Not published'} variant="outlined" />
        {template.tags.map((tag) => (
          <Chip key={tag} label={`#${tag}`} variant="outlined" size="small" />
        ))}
      </Stack>
      <Box sx={{ display: 'flex', justifyContent: 'center' }}>{renderCard(template)}</Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2, textAlign: 'center' }}>
        Colours: {template.colors.join(', ')}
      </Typography>
    </PageLayout>
  );
}
