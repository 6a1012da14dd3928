import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '@/features/auth/require-login';
import { CreateTemplatePage } from '@/features/templates/components/CreateTemplatePage';

export const Route = createFileRoute('/templates/create-template')({
  beforeLoad: requireLogin,
  component: CreateTemplatePage,
});
