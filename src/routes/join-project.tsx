import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '@/features/auth/require-login';
import { JoinProjectPage } from '@/features/collaborators/components/JoinProjectPage';

export const Route = createFileRoute('/join-project')({
  beforeLoad: requireLogin,
  component: JoinProjectPage,
});
