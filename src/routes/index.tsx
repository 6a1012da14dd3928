import { lazy, Suspense, useEffect } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '@/features/marketing/components/HomePage';
import { PlanList } from '@/features/plans/components/PlanList';
import { trackPageView } from '@/lib/analytics';

// The slider (and the card, the tolerant Creation parser) stays out of the homepage's initial JS.
const TemplatesSlider = lazy(() => import('@/components/shell/HomeTemplatesSlider'));

// The plans for the pricing teaser are prefetched by the root route (spec: loaded at startup).
export const Route = createFileRoute('/')({
  component: HomeRoute,
});

function HomeRoute() {
  useEffect(() => {
    // Spec section 7: the homepage's page-view event (sent only when Firebase Analytics is configured).
    trackPageView({ page_path: '/', page_title: document.title, page_location: window.location.href });
  }, []);
  return (
    <HomePage
      plans={<PlanList limit={3} />}
      templates={
        <Suspense fallback={<div style={{ minHeight: 980 }} aria-hidden="true" />}>
          <TemplatesSlider />
        </Suspense>
      }
    />
  );
}
