import { ButtonLink } from './links';
import { PageLayout } from './PageLayout';

/** Any path outside spec section 2's table. */
export function NotFoundPage() {
  return (
    <PageLayout
      title="Page not found"
      lead="The page you asked for does not exist or has moved."
      actions={
        <ButtonLink to="/" variant="contained" color="primary">
          Go to the homepage
        </ButtonLink>
      }
    />
  );
}
