import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { TransactionListItem } from '@contract/payments/schemas';
import { PageLayout } from '@/components/PageLayout';
import { pendingTransactionsQueryOptions } from '../api/get-pending-transactions';
import { useVerifyTransaction } from '../api/verify-transaction';
import { PROVIDER_LABELS, STATUS_LABELS, transactionAmount, transactionDate } from '../model';
import { TestModeChip } from './TestModeChip';

const REASONS = {
  requires_action: 'Your bank asks you to confirm this payment (3-D Secure).',
  requires_payment_method: 'The card was not accepted. Pay with another card.',
} as const;

function PendingItem({ transaction }: { transaction: TransactionListItem }) {
  const verify = useVerifyTransaction();
  const reason = transaction.failureMessage ?? (transaction.status in REASONS ? REASONS[transaction.status as keyof typeof REASONS] : null);
  const finish = transaction.status === 'requires_payment_method' ? 'Pay with another card' : 'Finish payment';
  return (
    <Card component="li" variant="outlined" sx={{ listStyle: 'none' }} aria-label={`${transaction.description} ${transaction.reference}`}>
      <CardContent>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 700 }}>
            {transactionAmount(transaction)} · {transaction.appAlias ?? transaction.description}
          </Typography>
          {transaction.testMode ? <TestModeChip /> : null}
        </Stack>
        <Typography sx={{ fontWeight: 600 }}>{STATUS_LABELS[transaction.status]}</Typography>
        {reason ? <Typography>{reason}</Typography> : null}
        <Typography variant="body2" color="text.secondary">
          {PROVIDER_LABELS[transaction.provider]} · {transactionDate(transaction.createdAt)} · Reference {transaction.reference}
        </Typography>
        {verify.error ? <Alert severity="error">{verify.error.message}</Alert> : null}
      </CardContent>
      <CardActions>
        {transaction.actionUrl ? (
          <Button variant="contained" href={transaction.actionUrl}>
            {finish}
          </Button>
        ) : null}
        <Button onClick={() => verify.mutate(transaction.reference)} disabled={verify.isPending}>
          Check again
        </Button>
      </CardActions>
    </Card>
  );
}

/** Spec section 2 /payments/actions/resolution: each payment that needs the merchant, and how to finish it. */
export function PaymentResolutionPage() {
  const { data } = useSuspenseQuery(pendingTransactionsQueryOptions());
  return (
    <PageLayout title="Pending payments" lead="Payments that still need you, such as a card confirmation, and the step that completes each one.">
      {data.length === 0 ? (
        <Typography>Nothing needs your action. All your payments are finished.</Typography>
      ) : (
        <Stack component="ul" spacing={2} aria-label="Pending payments" sx={{ p: 0, m: 0 }}>
          {data.map((transaction) => (
            <PendingItem key={transaction.reference} transaction={transaction} />
          ))}
        </Stack>
      )}
    </PageLayout>
  );
}
