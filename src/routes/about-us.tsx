import { createFileRoute } from '@tanstack/react-router';
import { AboutUsPage } from '@/features/info/components/AboutUsPage';

export const Route = createFileRoute('/about-us')({
  component: AboutUsPage,
});
