import { createFileRoute } from '@tanstack/react-router';
import { CreateTemplatePage } from '@/features/templates/components/CreateTemplatePage';

export const Route = createFileRoute('/templates/create-template')({
  component: CreateTemplatePage,
});
