import { createFileRoute } from '@tanstack/react-router';
import { TemplatesPage } from '@/features/templates/components/TemplatesPage';

export const Route = createFileRoute('/templates/')({
  component: TemplatesPage,
});
