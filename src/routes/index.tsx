import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '@/features/marketing/components/HomePage';

// The plans for the pricing teaser are prefetched by the root route (spec: loaded at startup).
export const Route = createFileRoute('/')({
  component: HomePage,
});
