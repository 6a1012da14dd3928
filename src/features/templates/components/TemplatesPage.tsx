import Typography from '@mui/material/Typography';
import { NAMED_ROUTES } from '@/lib/named-routes';
import { ButtonLink } from '@/components/links';
import { PageLayout } from '@/components/PageLayout';

export function TemplatesPage() {
  return (
    <PageLayout
      title="Templates"
      lead="Ready-made app designs for health and beauty, jewellery and accessories, and phones and tablets, to preview on your phone and start from."
    >
      <Typography sx={{ mb: 2 }}>No templates have been published yet.</Typography>
      <ButtonLink to={NAMED_ROUTES.CreateTemplate} variant="contained">
        Create a template
      </ButtonLink>
    </PageLayout>
  );
}
