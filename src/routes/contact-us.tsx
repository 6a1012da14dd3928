import { createFileRoute } from '@tanstack/react-router';
import { ContactUsPage } from '@/features/info/components/ContactUsPage';

export const Route = createFileRoute('/contact-us')({
  component: ContactUsPage,
});
