/**
 * Order app (issue 31): the plan (chosen here when the app has none), the card that pays for it,
 * the engine release to build on (newest preselected), then Confirm order: the plan is created
 * first when needed (`onSubscribe`, billing's call, given by the route), then the build is ordered
 * with an Idempotency-Key made once per opening of the dialog, so a double click or a retry after
 * an error orders once. The server's refusals (a build under way, no plan, an incomplete shop) are
 * shown inside the dialog.
 */
import { useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { billMoney } from '@contract/billing/formula';
import type { Subscription } from '@contract/billing/schemas';
import { BUILD_MESSAGES, type Build } from '@contract/builds/schemas';
import type { Plan } from '@contract/plans/schemas';
import { ButtonLink } from '@/components/links';
import { toast } from '@/lib/toast';
import { engineReleasesQueryOptions } from '../api/get-engine-releases';
import { useOrderBuild } from '../api/order-build';

/** What the one who pays for the app (its owner or a SOVEREIGN) sees of the plan and the card. */
export interface OrderBilling {
  plans: readonly Plan[];
  /** The app's plan: null when it has none, undefined while loading. */
  subscription: Subscription | null | undefined;
  /** The card that pays ("Visa •••• 4242"): null when none is saved, undefined while loading. */
  card: string | null | undefined;
  /** Puts the app on `planCode` (billing's create-subscription); rejects with the server's reason. */
  onSubscribe: (planCode: string) => Promise<unknown>;
}

interface OrderAppDialogProps {
  open: boolean;
  alias: string;
  onClose: () => void;
  /** Null for a manager who does not pay: the owner's plan and card apply. */
  billing: OrderBilling | null;
  /** The build was ordered (the dialog has closed). */
  onOrdered?: (build: Build) => void;
}

const monthly = (plan: Pick<Plan, 'amount' | 'currencyCode'>) => `${billMoney(plan.amount, plan.currencyCode)} a month`;

export function OrderAppDialog({ open, onClose, ...rest }: OrderAppDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" scroll="body">
      <DialogTitle id={titleId}>Order app</DialogTitle>
      {/* Mounted per opening: a new opening is a new order with its own Idempotency-Key. */}
      {open && <OrderForm onClose={onClose} {...rest} />}
    </Dialog>
  );
}

function OrderForm({ alias, billing, onClose, onOrdered }: Omit<OrderAppDialogProps, 'open'>) {
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const order = useOrderBuild();
  const releases = useQuery(engineReleasesQueryOptions());
  const [releaseId, setReleaseId] = useState<number | null>(null);
  const chosenRelease = releaseId ?? releases.data?.[0]?.id;
  const [planChoice, setPlanChoice] = useState<string | null>(null);
  const planCode = planChoice ?? billing?.plans[0]?.planCode ?? '';
  const [busy, setBusy] = useState(false);
  const pending = useRef(false);
  const [error, setError] = useState<string | null>(null);
  // Created once in this opening: a retry after a failed order does not create it again.
  const [subscribed, setSubscribed] = useState(false);

  const needsPlan = billing !== null && billing.subscription === null && !subscribed;
  const loading = billing !== null && (billing.subscription === undefined || billing.card === undefined);
  const blocked = needsPlan && (billing.card === null || !planCode);

  async function confirm() {
    if (pending.current) return;
    pending.current = true;
    setBusy(true);
    setError(null);
    try {
      if (needsPlan) {
        await billing.onSubscribe(planCode);
        setSubscribed(true);
      }
      const build = await order.mutateAsync({ alias, idempotencyKey, ...(chosenRelease !== undefined ? { releaseId: chosenRelease } : {}) });
      toast(BUILD_MESSAGES.ordered, { variant: 'success' });
      onClose();
      onOrdered?.(build);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Could not order the app');
    } finally {
      pending.current = false;
      setBusy(false);
    }
  }

  return (
    <>
      <DialogContent sx={{ display: 'grid', gap: 2.5 }}>
        <Typography color="text.secondary">
          We build your design into an installable web app and the files for the app stores. You follow each step on the app&apos;s page.
        </Typography>
        <Box component="section" aria-labelledby="order-plan-heading">
          <Typography id="order-plan-heading" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            Plan
          </Typography>
          {billing === null ? (
            <Typography color="text.secondary">The app&apos;s owner chooses its plan and pays for it.</Typography>
          ) : billing.subscription === undefined ? (
            <Skeleton width="60%" aria-label="Loading the plan" />
          ) : billing.subscription ? (
            <Typography>
              {billing.subscription.plan.name}: {monthly(billing.subscription.plan)}
            </Typography>
          ) : subscribed ? (
            <Typography>Plan chosen.</Typography>
          ) : (
            <>
              <Typography color="text.secondary">Choose a plan for this app. You pay for the minutes it is live; a paused app costs nothing.</Typography>
              <RadioGroup aria-labelledby="order-plan-heading" value={planCode} onChange={(event) => setPlanChoice(event.target.value)}>
                {billing.plans.map((plan) => (
                  <FormControlLabel key={plan.planCode} value={plan.planCode} control={<Radio />} label={`${plan.name}: ${monthly(plan)}`} disabled={busy} />
                ))}
              </RadioGroup>
            </>
          )}
        </Box>
        {billing && (
          <Box component="section" aria-labelledby="order-card-heading">
            <Typography id="order-card-heading" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
              Payment card
            </Typography>
            {billing.card === undefined ? (
              <Skeleton width="40%" aria-label="Loading your cards" />
            ) : billing.card ? (
              <Typography>{billing.card}</Typography>
            ) : (
              <Alert
                severity="info"
                action={
                  <ButtonLink to="/payment-methods" size="small" color="inherit">
                    Add a card
                  </ButtonLink>
                }
              >
                A plan is paid with your default card. Save a card on Payment Methods first.
              </Alert>
            )}
          </Box>
        )}
        <Box component="section" aria-labelledby="order-release-heading">
          <Typography id="order-release-heading" component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            Engine release
          </Typography>
          {releases.isPending ? (
            <Skeleton variant="rounded" height={40} aria-label="Loading the engine releases" />
          ) : releases.isError ? (
            <Alert severity="warning">{releases.error.message}. The newest release is used.</Alert>
          ) : releases.data.length === 0 ? (
            <Typography color="text.secondary">The newest engine release is used.</Typography>
          ) : (
            <TextField
              select
              fullWidth
              size="small"
              label="Engine release"
              value={chosenRelease ?? ''}
              disabled={busy}
              onChange={(event) => setReleaseId(Number(event.target.value))}
            >
              {releases.data.map((release, index) => (
                <MenuItem key={release.id} value={release.id}>
                  {release.version}
                  {index === 0 ? ' (newest)' : ''}
                </MenuItem>
              ))}
            </TextField>
          )}
        </Box>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void confirm()} disabled={busy || loading || blocked}>
          Confirm order
        </Button>
      </DialogActions>
    </>
  );
}
