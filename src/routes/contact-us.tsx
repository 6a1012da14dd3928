import { createFileRoute } from '@tanstack/react-router';
import { ContactForm } from '@/features/contact/components/ContactForm';
import { ContactUsPage } from '@/features/info/components/ContactUsPage';

export const Route = createFileRoute('/contact-us')({
  component: ContactUsRoute,
});

function ContactUsRoute() {
  return <ContactUsPage form={<ContactForm />} />;
}
