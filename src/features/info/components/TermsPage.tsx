import { PageLayout } from '@/components/PageLayout';
import { TextSections, type TextSection } from './TextSections';
import { PRODUCT_NAME } from '@contract/brand';

const SECTIONS: readonly TextSection[] = [
  {
    title: 'Your account',
    body: 'You are responsible for the details you register with and for keeping your password safe. Tell us at once if you think someone else used your account.',
  },
  {
    title: 'Your content',
    body: 'Names, logos, images and texts you add to a design stay yours. You confirm you have the right to use them, and you let us process them to preview and build your apps.',
  },
  {
    title: 'Plans and billing',
    body: "Apps run on a monthly plan billed by usage in minutes. Bills are charged to the payment method you choose; account credit is applied first. Unpaid bills may pause an app's service.",
  },
  {
    title: 'Templates and collaboration',
    body: 'Templates you publish can be used by others to start their own designs. Collaborators you invite act on your shop with the rights you grant them.',
  },
  {
    title: 'Changes',
    body: `We may update these terms as ${PRODUCT_NAME} grows. We will tell you about important changes before they apply.`,
  },
];

export function TermsPage() {
  return (
    <PageLayout title="Terms" lead={`The rules for using ${PRODUCT_NAME}, in plain words.`}>
      <TextSections sections={SECTIONS} />
    </PageLayout>
  );
}
