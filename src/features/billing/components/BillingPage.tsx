/**
 * `/billing` (spec section 2, issue 30): 'Available Credits', what is still to pay with Pay now
 * (the default card), and every bill grouped by its month-year key: app, plan, usage in hours,
 * amount, credit used, what was charged and its status.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSuspenseQuery } from '@tanstack/react-query';
import { billMoney, usageHours } from '@contract/billing/formula';
import type { Billing } from '@contract/billing/schemas';
import { ButtonLink } from '@/components/links';
import { PageLayout } from '@/components/PageLayout';
import { toast } from '@/lib/toast';
import { billingsQueryOptions } from '../api/get-billings';
import { usePayBills } from '../api/pay-bills';
import { billsByMonth, outstandingTotals } from '../model';

const STATUS = {
  paid: { label: 'Paid', color: 'success' },
  pending: { label: 'Payment pending', color: 'warning' },
  outstanding: { label: 'To pay', color: 'error' },
} as const;

interface BillingPageProps {
  /** 'Available Credits' as the account menu writes it ("$12.50"), or null while unknown. */
  credit: string | null;
}

export function BillingPage({ credit }: BillingPageProps) {
  const { data: bills } = useSuspenseQuery(billingsQueryOptions());
  const pay = usePayBills();
  const due = outstandingTotals(bills);
  const months = billsByMonth(bills);
  const stillDue = pay.data?.filter((bill) => bill.status === 'outstanding') ?? [];
  return (
    <PageLayout title="Billing" lead="Your monthly usage per app, what it cost, and any bills still to pay.">
      <Stack spacing={3}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <Paper variant="outlined" sx={{ p: 2.5 }}>
            <Typography color="text.secondary">Available Credits</Typography>
            <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
              {credit ?? '…'}
            </Typography>
          </Paper>
          <Paper variant="outlined" sx={{ p: 2.5 }} component="section" aria-labelledby="due-heading">
            <Typography id="due-heading" color="text.secondary">
              Outstanding
            </Typography>
            <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
              {due.length === 0 ? 'Nothing to pay' : due.map((total) => billMoney(total.amount, total.currencyCode)).join(' + ')}
            </Typography>
            {due.length > 0 && (
              <Button
                variant="contained"
                sx={{ mt: 1 }}
                disabled={pay.isPending}
                onClick={() =>
                  pay.mutate(
                    {},
                    {
                      onSuccess: (paid) => {
                        if (paid.every((bill) => bill.status === 'paid')) toast('Paid. A receipt is on its way to your e-mail.', { variant: 'success' });
                      },
                    },
                  )
                }
              >
                {pay.isPending ? 'Paying…' : 'Pay now'}
              </Button>
            )}
          </Paper>
        </Box>
        {pay.error && <Alert severity="error">{pay.error.message}</Alert>}
        {stillDue.length > 0 && (
          <Alert
            severity="error"
            action={
              <ButtonLink to="/payment-methods" size="small" color="inherit">
                Payment Methods
              </ButtonLink>
            }
          >
            {stillDue[0]?.failureMessage ?? 'There is no saved card to charge.'} Add or choose another card, then press Pay now again.
          </Alert>
        )}
        {months.length === 0 ? (
          <Typography color="text.secondary">
            No bills yet. An app is billed at the end of each month for the minutes it was live; put an app on a plan from its details page.
          </Typography>
        ) : (
          months.map((month) => (
            <Box component="section" key={month.key} aria-labelledby={`month-${month.key}`}>
              <Typography id={`month-${month.key}`} component="h2" variant="h6" gutterBottom>
                {month.label}
              </Typography>
              <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={`Bills of ${month.label}`}>
                {month.bills.map((bill) => (
                  <BillItem key={bill.id} bill={bill} />
                ))}
              </Stack>
            </Box>
          ))
        )}
      </Stack>
    </PageLayout>
  );
}

function BillItem({ bill }: { bill: Billing }) {
  const { plan } = bill.subscription;
  const money = (amount: number) => billMoney(amount, plan.currencyCode);
  const status = STATUS[bill.status];
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }} aria-label={`${bill.shopAlias}, ${money(bill.payable)}, ${status.label}`}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{bill.shopAlias}</Typography>
        <Chip size="small" label={status.label} color={status.color} />
      </Stack>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'max-content 1fr',
          columnGap: 2,
          rowGap: 0.5,
          m: 0,
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0, overflowWrap: 'anywhere' },
        }}
      >
        <dt>Plan</dt>
        <dd>
          {plan.name} ({money(plan.amount)} a month)
        </dd>
        <dt>Usage</dt>
        <dd>{usageHours(bill.usageMinutes)} hours</dd>
        <dt>Amount</dt>
        <dd>{money(bill.amount)}</dd>
        <dt>Credit used</dt>
        <dd>{money(bill.creditUsed)}</dd>
        <dt>{bill.status === 'paid' ? 'Paid' : 'To pay'}</dt>
        <dd>{money(bill.payable)}</dd>
        {bill.transactionReference && (
          <>
            <dt>Receipt</dt>
            <dd>{bill.transactionReference}</dd>
          </>
        )}
      </Box>
      {bill.status === 'outstanding' && bill.failureMessage && (
        <Typography color="error" sx={{ mt: 1 }}>
          {bill.failureMessage}
        </Typography>
      )}
    </Paper>
  );
}
