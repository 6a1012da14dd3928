import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '@/features/info/components/TermsPage';

export const Route = createFileRoute('/terms')({
  component: TermsPage,
});
