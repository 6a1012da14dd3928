import { ButtonLink } from './links';
import { PageLayout } from './PageLayout';

/** A page that exists but belongs to someone else (HTTP 403). */
export function ForbiddenPage({ lead = 'This page belongs to another account. Ask its owner to invite you.' }: { lead?: string }) {
  return (
    <PageLayout
      title="Access denied"
      lead={lead}
      actions={
        <ButtonLink to="/apps" variant="contained" color="primary">
          Go to My Apps
        </ButtonLink>
      }
    />
  );
}
