import { lazy, Suspense, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { Authorization } from '@contract/payments/schemas';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { ButtonLink } from '@/components/links';
import { PageLayout } from '@/components/PageLayout';
import { authorizationsQueryOptions } from '../api/get-authorizations';
import { useRemoteConfig } from '../api/get-remote-config';
import { useUpdateAuthorization } from '../api/update-authorization';
import { cardTitle, PROVIDER_LABELS, sortCards } from '../model';
import { useAddCard } from '../use-add-card';
import { usePaymentReturn, type PaymentReturn } from '../use-payment-return';
import { CardItem } from './CardItem';
import { ProviderSetting } from './ProviderSetting';

// Stripe.js and its card form load only when a merchant with real stripe keys adds a card.
const StripeCardDialog = lazy(() => import('./StripeCardDialog').then((module) => ({ default: module.StripeCardDialog })));

interface PaymentMethodsPageProps {
  /** The provider's page sent the merchant back here. */
  back: PaymentReturn;
  onReturnHandled: () => void;
  canChooseProvider: boolean;
}

/** Spec section 2 /payment-methods: the saved cards, Add card, set default, remove. */
export function PaymentMethodsPage({ back, onReturnHandled, canChooseProvider }: PaymentMethodsPageProps) {
  const { data } = useSuspenseQuery(authorizationsQueryOptions());
  const cards = sortCards(data);
  const { provider } = useRemoteConfig();
  const add = useAddCard();
  const update = useUpdateAuthorization();
  const [removing, setRemoving] = useState<Authorization | null>(null);
  const returned = usePaymentReturn(back, onReturnHandled);
  const checking = Boolean(back.reference ?? back.sessionId ?? back.setupIntent) && !returned;

  return (
    <PageLayout
      title="Payment Methods"
      lead="The cards you saved for paying bills, and which one is used by default."
      actions={
        <ButtonLink to="/payments" variant="outlined" color="inherit">
          All payments
        </ButtonLink>
      }
    >
      {canChooseProvider ? <ProviderSetting /> : null}
      <Stack spacing={2}>
        {checking ? <Alert severity="info">Checking your card…</Alert> : null}
        {returned ? (
          <Alert severity={returned.kind === 'saved' ? 'success' : returned.kind === 'pending' ? 'warning' : 'error'} role="status">
            {returned.text}
          </Alert>
        ) : null}
        <div>
          <Button variant="contained" onClick={() => void add.addCard(provider, cards.length === 0)} disabled={add.busy}>
            Add card
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {provider === 'stripe'
              ? 'Stripe checks the card without charging it.'
              : `Adding a card through ${PROVIDER_LABELS[provider]} charges $1.00 to check it, refunded straight away.`}
          </Typography>
        </div>
        {add.error ? <Alert severity="error">{add.error}</Alert> : null}
        {add.stripeForm ? (
          <Suspense fallback={null}>
            <StripeCardDialog {...add.stripeForm} onClose={add.closeStripeForm} />
          </Suspense>
        ) : null}
        {update.error ? <Alert severity="error">{update.error.message}</Alert> : null}
        {cards.length === 0 ? (
          <Typography>You have no saved cards yet. Add one to pay for your apps.</Typography>
        ) : (
          <Stack component="ul" spacing={2} aria-label="Saved cards" sx={{ p: 0, m: 0 }}>
            {cards.map((card) => (
              <CardItem
                key={card.authorizationCode}
                card={card}
                busy={update.isPending}
                onSetDefault={() => update.mutate({ authorizationCode: card.authorizationCode, change: { isDefault: true } })}
                onRemove={() => setRemoving(card)}
              />
            ))}
          </Stack>
        )}
      </Stack>
      <ConfirmDialog
        open={removing !== null}
        title={removing ? `Remove ${cardTitle(removing)}?` : 'Remove card?'}
        consequence="The card is no longer used for your payments. You can add it again later."
        confirmLabel="Remove"
        busy={update.isPending}
        error={removing && update.error ? update.error.message : null}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing && update.mutate({ authorizationCode: removing.authorizationCode, change: { status: 'removed' } }, { onSuccess: () => setRemoving(null) })
        }
      />
    </PageLayout>
  );
}
