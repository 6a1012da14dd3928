/**
 * An app's plan on its details page (issue 30): choose a plan, take the app live and pause it,
 * change plan from next month, cancel; usage and cost so far this month by the billing formula.
 * Only the owner and a SOVEREIGN see it (the owner's card pays).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { billMoney, usageHours } from '@contract/billing/formula';
import { SUBSCRIPTION_MESSAGES, type Subscription } from '@contract/billing/schemas';
import type { Plan } from '@contract/plans/schemas';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { ButtonLink } from '@/components/links';
import { toast } from '@/lib/toast';
import { useCreateSubscription } from '../api/create-subscription';
import { shopSubscriptionsQueryOptions } from '../api/get-shop-subscriptions';
import { useUpdateSubscription } from '../api/update-subscription';
import { changeDay, costSoFar, currentSubscription } from '../model';

const STATUS_LABELS = { live: 'Live', paused: 'Paused', cancelled: 'Cancelled' } as const;

const monthly = (plan: Pick<Plan, 'amount' | 'currencyCode'>) => `${billMoney(plan.amount, plan.currencyCode)} a month`;

export function PlanPanel({ alias, plans }: { alias: string; plans: readonly Plan[] }) {
  const subscriptions = useQuery(shopSubscriptionsQueryOptions(alias));
  const current = subscriptions.data ? currentSubscription(subscriptions.data) : undefined;
  return (
    <Box component="section" aria-labelledby="plan-heading" sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id="plan-heading" component="h2" variant="h5">
        Plan
      </Typography>
      {subscriptions.isPending ? (
        <Typography color="text.secondary">Loading the plan…</Typography>
      ) : subscriptions.isError ? (
        <Alert severity="error">{subscriptions.error.message}</Alert>
      ) : current ? (
        <CurrentPlan subscription={current} plans={plans} />
      ) : (
        <ChoosePlan alias={alias} plans={plans} />
      )}
    </Box>
  );
}

function ChoosePlan({ alias, plans }: { alias: string; plans: readonly Plan[] }) {
  // Spec section 4: when plans load, the first is selected if none is chosen.
  const [chosen, setChosen] = useState<string | null>(null);
  const planCode = chosen ?? plans[0]?.planCode ?? '';
  const create = useCreateSubscription();
  const needsCard = create.error?.message === SUBSCRIPTION_MESSAGES.cardMissing;
  return (
    <>
      <Typography color="text.secondary">
        Choose a plan to take this app live. You pay for the minutes it is live: a whole month live costs the plan&apos;s monthly price, a paused app costs
        nothing.
      </Typography>
      <RadioGroup aria-label="Plans" value={planCode} onChange={(event) => setChosen(event.target.value)}>
        {plans.map((plan) => (
          <FormControlLabel key={plan.planCode} value={plan.planCode} control={<Radio />} label={`${plan.name}: ${monthly(plan)}`} />
        ))}
      </RadioGroup>
      {create.error &&
        (needsCard ? (
          <Alert
            severity="info"
            action={
              <ButtonLink to="/payment-methods" size="small" color="inherit">
                Add a card
              </ButtonLink>
            }
          >
            {create.error.message}
          </Alert>
        ) : (
          <Alert severity="error">{create.error.message}</Alert>
        ))}
      <Box>
        <Button
          variant="contained"
          disabled={!planCode || create.isPending}
          onClick={() => create.mutate({ shopAlias: alias, planCode }, { onSuccess: () => toast('Plan chosen', { variant: 'success' }) })}
        >
          Choose plan
        </Button>
      </Box>
    </>
  );
}

function CurrentPlan({ subscription, plans }: { subscription: Subscription; plans: readonly Plan[] }) {
  const update = useUpdateSubscription();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const change = (body: Parameters<typeof update.mutate>[0]['change'], done: string) =>
    update.mutate({ subscriptionCode: subscription.subscriptionCode, change: body }, { onSuccess: () => toast(done, { variant: 'success' }) });
  const { plan, nextPlan } = subscription;
  const live = subscription.status === 'live';
  return (
    <>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600 }}>{plan.name} plan</Typography>
        <Typography color="text.secondary">{monthly(plan)}</Typography>
        <Chip size="small" color={live ? 'success' : 'default'} label={STATUS_LABELS[subscription.status]} />
      </Stack>
      <Typography>
        This month so far: {usageHours(subscription.usageMinutesThisMonth)} hours live, {billMoney(costSoFar(subscription), plan.currencyCode)}
      </Typography>
      {nextPlan && (
        <Typography color="text.secondary">
          Changes to {nextPlan.name} ({monthly(nextPlan)}) on {changeDay(nextPlan.from)}.
        </Typography>
      )}
      {update.error && !confirmCancel && <Alert severity="error">{update.error.message}</Alert>}
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {live ? (
          <Button variant="outlined" disabled={update.isPending} onClick={() => change({ status: 'paused' }, 'The app is paused: no more minutes are counted')}>
            Pause
          </Button>
        ) : (
          <Button variant="contained" disabled={update.isPending} onClick={() => change({ status: 'live' }, 'The app is live')}>
            Go live
          </Button>
        )}
        <TextField
          select
          size="small"
          label="Plan from next month"
          value={nextPlan?.planCode ?? plan.planCode}
          disabled={update.isPending}
          onChange={(event) => change({ planCode: event.target.value }, 'Plan change saved')}
          sx={{ minWidth: 200 }}
        >
          {plans.map((entry) => (
            <MenuItem key={entry.planCode} value={entry.planCode}>
              {entry.name}
            </MenuItem>
          ))}
        </TextField>
        <Button color="error" disabled={update.isPending} onClick={() => setConfirmCancel(true)}>
          Cancel plan
        </Button>
      </Stack>
      <ConfirmDialog
        open={confirmCancel}
        title="Cancel this plan?"
        consequence="The app stops being live now. This month's minutes so far are billed at the month's end; its bills stay on the billing page."
        confirmLabel="Cancel plan"
        busy={update.isPending}
        error={update.error?.message ?? null}
        onCancel={() => setConfirmCancel(false)}
        onConfirm={() =>
          update.mutate(
            { subscriptionCode: subscription.subscriptionCode, change: { status: 'cancelled' } },
            {
              onSuccess: () => {
                setConfirmCancel(false);
                toast('Plan cancelled', { variant: 'success' });
              },
            },
          )
        }
      />
    </>
  );
}
