import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { CONSTANTS } from '@contract/constants';
import { PageLayout } from '@/components/PageLayout';

const QUESTIONS: readonly { question: string; answer: string }[] = [
  {
    question: 'How does the live preview work?',
    answer:
      'Install the live preview app from the Android store, launch it and scan the QR code shown next to your design. Your app opens on the phone and follows your changes.',
  },
  {
    question: 'How am I billed?',
    answer:
      "Each app runs on a monthly plan and its usage is measured in minutes. A minute costs the plan's monthly price divided by the minutes in that month, and any credit on your account is taken off before you pay.",
  },
  {
    question: 'Which payment methods can I use?',
    answer: 'You can pay by card through Stripe, Flutterwave or Paystack, and save cards to pay future bills.',
  },
  {
    question: 'How do I receive my app?',
    answer: 'When your design is ready, order the build. Your apps are built and sent to you by e-mail.',
  },
  {
    question: 'Can other people help me design?',
    answer: "Yes. Invite collaborators to a shop's design; they accept or decline the invitation from their notifications.",
  },
  {
    question: 'Can I create my own templates?',
    answer: `Yes. Signed-in users can create templates, up to ${CONSTANTS.maxTemplatesPerUser} each, and edit the templates of their own shops.`,
  },
];

export function FaqPage() {
  return (
    <PageLayout title="Frequently asked questions" lead="Short answers to the questions shop owners ask us most.">
      {QUESTIONS.map((item, index) => (
        // The summary button sits inside the Accordion's own heading element: make it the h2.
        <Accordion key={item.question} disableGutters slots={{ heading: 'h2' }}>
          <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`faq-${index}-content`} id={`faq-${index}-header`}>
            <Typography component="span" sx={{ fontSize: '1.0625rem', fontWeight: 500 }}>
              {item.question}
            </Typography>
          </AccordionSummary>
          <AccordionDetails id={`faq-${index}-content`}>
            <Typography color="text.secondary">{item.answer}</Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </PageLayout>
  );
}
