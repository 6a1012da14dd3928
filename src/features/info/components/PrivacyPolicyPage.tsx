import { PageLayout } from '@/components/PageLayout';
import { TextSections, type TextSection } from './TextSections';
import { PRODUCT_NAME } from '@contract/brand';

const SECTIONS: readonly TextSection[] = [
  {
    title: 'What we collect',
    body: 'Your name, e-mail address, phone number and profile picture when you register; your shop details and designs; your plans, bills and payment references; and the messages you send to support.',
  },
  {
    title: 'Why we use it',
    body: 'To run your account, preview and build your apps, bill your usage, send the e-mails you need (verification, password reset, invitations and builds) and answer your questions.',
  },
  {
    title: 'Payments',
    body: 'Card details go straight to the payment provider you choose (Stripe, Flutterwave or Paystack). We keep only the references needed to show and verify your payments.',
  },
  {
    title: 'On your device',
    body: 'The portal stores your session and a copy of pages you have opened on your device so it works offline. Signing out removes your session.',
  },
  {
    title: 'Your choices',
    body: 'You can update your details from your account page, and ask us through the support chat for a copy of your data or its deletion.',
  },
];

export function PrivacyPolicyPage() {
  return (
    <PageLayout title="Privacy Policy" lead={`How ${PRODUCT_NAME} handles your information.`}>
      <TextSections sections={SECTIONS} />
    </PageLayout>
  );
}
