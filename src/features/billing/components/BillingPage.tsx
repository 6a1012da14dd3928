/**
 * `/billing` (spec section 2, issue 30): 'Available Credits', what is still to pay with Pay now
 * (the default card), this month so far with its forecast and what it would cost on each plan,
 * usage over the last 12 months as a chart, and every bill grouped by its month-year key (app,
 * plan, usage in hours, amount, credit used, what was charged and its status) with a CSV
 * statement per month.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { billMoney, usageHours } from '@contract/billing/formula';
import type { Billing } from '@contract/billing/schemas';
import type { Plan } from '@contract/plans/schemas';
import { ButtonLink } from '@/components/links';
import { PageLayout } from '@/components/PageLayout';
import { toast } from '@/lib/toast';
import { billingsQueryOptions } from '../api/get-billings';
import { subscriptionsQueryOptions } from '../api/get-subscriptions';
import { usePayBills } from '../api/pay-bills';
import {
  billsByMonth,
  monthSoFar,
  outstandingTotals,
  statementCsv,
  totalsByCurrency,
  usageOverYear,
  whatIfPlans,
  type AppMonth,
  type BillMonth,
  type UsageChartData,
} from '../model';

// The chart library stays out of every other page's JS. It is fetched as soon as this page's own
// code is (while the bills are on their way) and drawn after the page's first paint.
const chartModule = import('./UsageChart');
const UsageChart = lazy(() => chartModule.then((module) => ({ default: module.UsageChart })));

const STATUS = {
  paid: { label: 'Paid', color: 'success' },
  pending: { label: 'Payment pending', color: 'warning' },
  outstanding: { label: 'To pay', color: 'error' },
} as const;

interface BillingPageProps {
  /** 'Available Credits' as the account menu writes it ("$12.50"), or null while unknown. */
  credit: string | null;
  /** The plans, for the what-if (the route loads them: features do not import each other). */
  plans: Plan[];
}

export function BillingPage({ credit, plans }: BillingPageProps) {
  const { data: bills } = useSuspenseQuery(billingsQueryOptions());
  const { data: subscriptions, dataUpdatedAt } = useSuspenseQuery(subscriptionsQueryOptions());
  const pay = usePayBills();
  const due = outstandingTotals(bills);
  const months = billsByMonth(bills);
  // The minutes so far are as of the server's answer: the forecast extrapolates from that instant.
  const asOf = new Date(dataUpdatedAt);
  const thisMonth = monthSoFar(subscriptions, asOf);
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
        <ThisMonth apps={thisMonth} />
        {thisMonth.length > 0 && <WhatIf apps={thisMonth} plans={plans} asOf={asOf} />}
        <Usage data={usageOverYear(bills, subscriptions, asOf)} />
        {months.length === 0 ? (
          <Typography color="text.secondary">
            No bills yet. An app is billed at the end of each month for the minutes it was live; put an app on a plan from its details page.
          </Typography>
        ) : (
          <BillMonths months={months} />
        )}
      </Stack>
    </PageLayout>
  );
}

/** True from the frame after the page's first paint: a costly part waits for it, the figures show first. */
function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setPainted(true))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

/** Months shown with their bills when the page opens. */
const OPEN_MONTHS = 1;

/**
 * The bills by month: the last month open, and any month with something still to pay; older
 * ones open on demand (two years of 20 apps is 480 bills). The closed months, below the fold on a
 * phone, are drawn after the first paint.
 */
function BillMonths({ months }: { months: BillMonth[] }) {
  const painted = useAfterFirstPaint();
  const open = (month: BillMonth, index: number) => index < OPEN_MONTHS || month.bills.some((bill) => bill.status !== 'paid');
  return months.map((month, index) =>
    painted || open(month, index) ? <BillMonthSection key={month.key} month={month} defaultOpen={open(month, index)} /> : null,
  );
}

function BillMonthSection({ month, defaultOpen }: { month: BillMonth; defaultOpen: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const listId = `bills-${month.key}`;
  const charged = totalsByCurrency(month.bills.map((bill) => ({ currencyCode: bill.subscription.plan.currencyCode, amount: bill.payable })))
    .map((sum) => billMoney(sum.amount, sum.currencyCode))
    .join(' + ');
  const count = month.bills.length === 1 ? '1 bill' : `${month.bills.length} bills`;
  return (
    <Box component="section" aria-labelledby={`month-${month.key}`}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 1 }}>
        <div>
          <Typography id={`month-${month.key}`} component="h2" variant="h6">
            {month.label}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {count}, {charged}
          </Typography>
        </div>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button size="small" aria-expanded={open} aria-controls={open ? listId : undefined} onClick={() => setOpen(!open)}>
            {open ? 'Hide bills' : `Show ${count}`}
          </Button>
          <Button size="small" variant="outlined" onClick={() => downloadStatement(month)}>
            Download statement (CSV)
          </Button>
        </Stack>
      </Stack>
      {open && (
        <Box id={listId} component="ul" sx={CARD_LIST_SX} aria-label={`Bills of ${month.label}`}>
          {month.bills.map((bill) => (
            <BillItem key={bill.id} bill={bill} />
          ))}
        </Box>
      )}
    </Box>
  );
}

/** A bill as plain elements styled by its list (CARD_LIST_SX): a month of 20 apps draws fast on a phone. */
function BillItem({ bill }: { bill: Billing }) {
  const { plan } = bill.subscription;
  const money = (amount: number) => billMoney(amount, plan.currencyCode);
  const status = STATUS[bill.status];
  return (
    <li aria-label={`${bill.shopAlias}, ${money(bill.payable)}, ${status.label}`}>
      <p className="title">
        {bill.shopAlias} · <span className={`tone-${status.color}`}>{status.label}</span>
      </p>
      <dl>
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
      </dl>
      {bill.status === 'pending' && (
        // A charge waiting for the merchant (3-D Secure): finished where every pending payment is.
        <ButtonLink to="/payments/actions/resolution" size="small" sx={{ mt: 1 }}>
          Finish payment
        </ButtonLink>
      )}
      {bill.status === 'outstanding' && bill.failureMessage && <p className="tone-error">{bill.failureMessage}</p>}
    </li>
  );
}

/** The month's statement as a file, built here: the bills are already on the page. */
function downloadStatement(month: BillMonth): void {
  const url = URL.createObjectURL(new Blob([statementCsv(month.bills)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `statement-${month.key}.csv`;
  link.click();
  // After the click has handed the file to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url));
}

const DL_SX = {
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  columnGap: 2,
  rowGap: 0.5,
  m: 0,
  '& dt': { color: 'text.secondary' },
  '& dd': { m: 0, overflowWrap: 'anywhere' },
} as const;

/** The look of the bill and app cards, set once on their list: the cards are plain elements. */
const CARD_LIST_SX = {
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  gap: 1.5,
  '& > li': { border: 1, borderColor: 'divider', borderRadius: 1, p: 2 },
  '& p': { m: 0, mt: 1 },
  '& p.title': { mt: 0, mb: 1, fontWeight: 600, overflowWrap: 'anywhere' },
  '& dl': DL_SX,
  '& .tone-success': { color: 'success.dark' },
  '& .tone-warning': { color: 'warning.dark' },
  '& .tone-error': { color: 'error.main' },
} as const;

/** This month so far and at its end, per app and in total (the month's own length, one rounding per bill). */
function ThisMonth({ apps }: { apps: AppMonth[] }) {
  const total = (pick: (app: AppMonth) => number) =>
    totalsByCurrency(apps.map((app) => ({ currencyCode: app.subscription.plan.currencyCode, amount: pick(app) })))
      .map((sum) => billMoney(sum.amount, sum.currencyCode))
      .join(' + ');
  return (
    <Box component="section" aria-labelledby="this-month-heading">
      <Typography id="this-month-heading" component="h2" variant="h6" gutterBottom>
        This month so far
      </Typography>
      {apps.length === 0 ? (
        <Typography color="text.secondary">No app is on a plan this month.</Typography>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 1.5 }}>
            The forecast assumes an app that is live now stays live until the month ends, and scales a paused app&apos;s hours so far to the whole month.
          </Typography>
          <Box component="ul" sx={CARD_LIST_SX} aria-label="This month per app">
            {apps.map((app) => {
              const money = (amount: number) => billMoney(amount, app.subscription.plan.currencyCode);
              return (
                <li key={app.subscription.subscriptionCode} aria-label={app.subscription.shopAlias}>
                  <p className="title">{app.subscription.shopAlias}</p>
                  <dl>
                    <dt>Plan</dt>
                    <dd>{app.subscription.plan.name}</dd>
                    <dt>So far</dt>
                    <dd>
                      {usageHours(app.minutes)} hours, {money(app.cost)}
                    </dd>
                    <dt>Forecast</dt>
                    <dd>
                      {usageHours(app.forecastMinutes)} hours, {money(app.forecastCost)}
                    </dd>
                  </dl>
                </li>
              );
            })}
          </Box>
          <Box component="dl" sx={{ ...DL_SX, mt: 1.5, fontWeight: 600 }} aria-label="This month in total">
            <dt>Total so far</dt>
            <dd>{total((app) => app.cost)}</dd>
            <dt>Total forecast</dt>
            <dd>{total((app) => app.forecastCost)}</dd>
          </Box>
        </>
      )}
    </Box>
  );
}

/** What-if: this month's forecast of all the apps, billed on each plan. */
function WhatIf({ apps, plans, asOf }: { apps: AppMonth[]; plans: Plan[]; asOf: Date }) {
  return (
    <Box component="section" aria-labelledby="what-if-heading">
      <Typography id="what-if-heading" component="h2" variant="h6" gutterBottom>
        This month on each plan
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        The forecast of all your apps, if they were all on one plan.
      </Typography>
      <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="This month on each plan">
        {whatIfPlans(apps, plans, asOf).map((row) => (
          <Stack component="li" direction="row" key={row.plan.planCode} sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography>
              On {row.plan.name}: {billMoney(row.amount, row.plan.currencyCode)}
            </Typography>
            {row.cheapest && <Chip size="small" color="success" label="Cheapest" />}
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}

// Hidden from the eye, read by screen readers (the chart's text alternative).
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  p: 0,
  m: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** Usage over the last 12 months: the lazy chart and, as its text alternative, the same figures as a table. */
function Usage({ data }: { data: UsageChartData }) {
  const painted = useAfterFirstPaint();
  return (
    <Box component="section" aria-labelledby="usage-heading" sx={{ position: 'relative' }}>
      <Typography id="usage-heading" component="h2" variant="h6" gutterBottom>
        Usage
      </Typography>
      {data.apps.length === 0 ? (
        <Typography color="text.secondary">No hours live in the last 12 months.</Typography>
      ) : (
        <>
          {painted ? (
            <Suspense fallback={<Skeleton variant="rounded" height={280} />}>
              <UsageChart data={data} describedBy="usage-table" />
            </Suspense>
          ) : (
            <Skeleton variant="rounded" height={280} />
          )}
          <Box component="table" id="usage-table" sx={VISUALLY_HIDDEN}>
            <caption>Usage hours per app, last 12 months</caption>
            <thead>
              <tr>
                <th scope="col">Month</th>
                {data.apps.map((app) => (
                  <th scope="col" key={app.shopAlias}>
                    {app.shopAlias}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.months.map((month, index) => (
                <tr key={month.key}>
                  <th scope="row">{month.label}</th>
                  {data.apps.map((app) => (
                    <td key={app.shopAlias}>{(app.hours[index] ?? 0).toFixed(2)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </Box>
        </>
      )}
    </Box>
  );
}
