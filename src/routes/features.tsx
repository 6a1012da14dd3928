import { createFileRoute } from '@tanstack/react-router';
import { FeaturesPage } from '@/features/marketing/components/FeaturesPage';

export const Route = createFileRoute('/features')({
  component: FeaturesPage,
});
