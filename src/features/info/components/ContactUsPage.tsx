import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import { PageLayout } from '@/components/PageLayout';

/** `form`: the contact form (the contact feature's, composed by the route). */
export function ContactUsPage({ form }: { form: ReactNode }) {
  return (
    <PageLayout title="Contact Us" lead="We are here to help you design, order and run your apps.">
      <Typography variant="h2" sx={{ mb: 1.5 }}>
        Write to us
      </Typography>
      <Typography sx={{ maxWidth: 720, mb: 3 }}>Send us a message with this form and our team will answer by e-mail, at the address you give.</Typography>
      {form}
      <Typography variant="h2" sx={{ mt: 6, mb: 1.5 }}>
        Support chat
      </Typography>
      <Typography sx={{ maxWidth: 720, mb: 3 }}>
        Once you are signed in, the support button at the bottom of every page opens a chat with our team. Your conversation is kept, so you can pick it up
        again from any device.
      </Typography>
      <Typography variant="h2" sx={{ mb: 1.5 }}>
        Questions about a payment
      </Typography>
      <Typography sx={{ maxWidth: 720 }}>
        Tell us the reference shown next to the transaction on your Payments page, and we can look it up straight away.
      </Typography>
    </PageLayout>
  );
}
