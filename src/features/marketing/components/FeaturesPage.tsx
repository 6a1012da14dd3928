import { ButtonLink } from '@/components/links';
import { PageLayout } from '@/components/PageLayout';
import { NAMED_ROUTES } from '@/lib/named-routes';
import { FEATURES } from '../content';
import { FeatureGrid } from './FeatureGrid';

export function FeaturesPage() {
  return (
    <PageLayout
      title="Features"
      lead="Everything you need to turn your shop into a branded mobile app: design, live preview, ordering and billing in one place."
      actions={
        <ButtonLink to={NAMED_ROUTES.ShopSetupPage} variant="contained">
          Get Started
        </ButtonLink>
      }
    >
      {/* Right under the page's h1: each feature is a section of its own (h2), styled as before. */}
      <FeatureGrid features={FEATURES} headingLevel="h2" />
    </PageLayout>
  );
}
