import { lazy, Suspense, useEffect } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '@/features/marketing/components/HomePage';
import { PlanList } from '@/features/plans/components/PlanList';
import { trackPageView } from '@/lib/analytics';
import { useNearViewport } from '@/lib/use-near-viewport';

// The slider (and the card, the tolerant Creation parser) stays out of the homepage's initial JS.
const TemplatesSlider = lazy(() => import('@/components/shell/HomeTemplatesSlider'));

// The plans for the pricing teaser are prefetched by the root route (spec: loaded at startup).
export const Route = createFileRoute('/')({
  component: HomeRoute,
});

/** The slider's place while it is still far below the screen, or loading. */
const SLIDER_PLACE = { minHeight: 980 } as const;

/**
 * The slider loads (its code, the templates and a phone preview card) only once its section comes
 * within half a screen of the viewport: below the first screen, it would otherwise compete with
 * the page's hydration on a phone (Lighthouse's Total Blocking Time).
 */
function NearTemplatesSlider() {
  const [ref, near] = useNearViewport(true, '50% 0px');
  if (!near) return <div ref={ref} style={SLIDER_PLACE} aria-hidden="true" />;
  return (
    <Suspense fallback={<div style={SLIDER_PLACE} aria-hidden="true" />}>
      <TemplatesSlider />
    </Suspense>
  );
}

function HomeRoute() {
  useEffect(() => {
    // Spec section 7: the homepage's page-view event (sent only when Firebase Analytics is configured).
    trackPageView({ page_path: '/', page_title: document.title, page_location: window.location.href });
  }, []);
  return <HomePage plans={<PlanList limit={3} />} templates={<NearTemplatesSlider />} />;
}
