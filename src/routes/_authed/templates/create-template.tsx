import { createFileRoute } from '@tanstack/react-router';
import { CreateTemplatePage } from '@/features/templates/components/CreateTemplatePage';

export const Route = createFileRoute('/_authed/templates/create-template')({
  component: CreateTemplatePage,
});
