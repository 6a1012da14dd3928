import { createFileRoute } from '@tanstack/react-router';
import { JoinProjectPage } from '@/features/collaborators/components/JoinProjectPage';

export const Route = createFileRoute('/_authed/join-project')({
  component: JoinProjectPage,
});
