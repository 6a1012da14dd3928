import Typography from '@mui/material/Typography';
import { ButtonLink } from '@/components/links';
import { PageLayout } from '@/components/PageLayout';
import { NAMED_ROUTES } from '@/lib/named-routes';
import { PRICING_LEAD, PRICING_TITLE } from '../copy';
import { PlanList } from './PlanList';
import { PriceCalculator } from './PriceCalculator';

function HowBillingWorks() {
  return (
    <>
      <Typography variant="h2" sx={{ mt: 6, mb: 2 }}>
        How billing works
      </Typography>
      <Typography sx={{ maxWidth: 720 }}>
        A plan&apos;s price is for a full month of use. Each minute your app runs costs that price divided by the minutes in the month of the bill, so you pay
        only for the time used. Credit on your account is taken off a bill before you pay, and you can pay by card through Stripe, Flutterwave or Paystack.
      </Typography>
    </>
  );
}

// Prerendered (src/prerender/): the copy is in the served HTML, the plans are the client's.
export function PricingPage() {
  return (
    <PageLayout
      title={PRICING_TITLE}
      lead={PRICING_LEAD}
      actions={
        <ButtonLink to={NAMED_ROUTES.ShopSetupPage} variant="contained">
          Get Started
        </ButtonLink>
      }
    >
      <Typography variant="h2" sx={{ mb: 2 }}>
        Plans
      </Typography>
      <PlanList />
      <PriceCalculator />
      <HowBillingWorks />
    </PageLayout>
  );
}
