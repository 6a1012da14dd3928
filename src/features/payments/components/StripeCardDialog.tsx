import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { loadStripe, type Stripe, type StripeElements, type StripePaymentElement } from '@stripe/stripe-js';
import type { StripeCardForm } from '../use-add-card';

interface StripeCardDialogProps extends StripeCardForm {
  onClose: () => void;
}

/**
 * Real keys: Stripe's Payment Element takes the card (its number reaches only Stripe), and
 * confirmSetup confirms the setup intent, 3-D Secure included, then sends the browser to
 * `returnUrl`, where the card is saved. Only a refusal comes back here, in Stripe's words.
 */
export function StripeCardDialog({ publicKey, clientSecret, returnUrl, onClose }: StripeCardDialogProps) {
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const [ready, setReady] = useState<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!container) return;
    let open = true;
    let element: StripePaymentElement | undefined;
    loadStripe(publicKey)
      .then((loaded) => {
        if (!loaded) throw new Error('Stripe could not be loaded. Check your connection and try again.');
        if (!open) return;
        const elements = loaded.elements({ clientSecret });
        element = elements.create('payment');
        element.mount(container);
        setReady({ stripe: loaded, elements });
      })
      .catch((cause: unknown) => {
        if (open) setError(cause instanceof Error ? cause.message : 'Stripe could not be loaded.');
      });
    return () => {
      open = false;
      element?.destroy();
    };
  }, [container, publicKey, clientSecret]);

  async function save(): Promise<void> {
    if (!ready) return;
    setSaving(true);
    setError(null);
    try {
      const result = await ready.stripe.confirmSetup({ elements: ready.elements, confirmParams: { return_url: returnUrl } });
      setError(result.error.message ?? 'The card could not be saved.');
    } catch (cause) {
      console.error('stripe confirmation failed', cause);
      setError(cause instanceof Error ? cause.message : 'The card could not be saved.');
    }
    setSaving(false);
  }

  return (
    <Dialog open onClose={saving ? undefined : onClose} aria-labelledby="stripe-card-title" fullWidth maxWidth="xs">
      <DialogTitle id="stripe-card-title">Save a card</DialogTitle>
      <DialogContent>
        <div ref={setContainer} />
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={!ready || saving}>
          Save card
        </Button>
      </DialogActions>
    </Dialog>
  );
}
