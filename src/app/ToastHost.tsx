import { useCallback } from 'react';
import { styled } from '@mui/material/styles';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import { CONSTANTS } from '@contract/constants';
import { connectToastHost } from '@/lib/toast';

// notistack's default green, orange and blue fail AA with white text; these pass (>= 4.5:1).
const AccessibleContent = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: '#1E6B32' },
  '&.notistack-MuiContent-error': { backgroundColor: '#B3261E' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#8A4B00' },
  '&.notistack-MuiContent-info': { backgroundColor: '#1238C4' },
});

/**
 * notistack's provider, loaded lazily by ToastProvider (src/lib/toast.ts). It wraps nothing: the
 * app calls `toast()`, which reaches this provider's enqueue through the ref.
 * Spec section 8: toasts appear top-right and last 6 seconds.
 */
export function ToastHost() {
  const connect = useCallback((provider: SnackbarProvider | null) => connectToastHost(provider ? provider.enqueueSnackbar : undefined), []);
  return (
    <SnackbarProvider
      ref={connect}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      autoHideDuration={CONSTANTS.toastDurationMs}
      maxSnack={3}
      Components={{ default: AccessibleContent, success: AccessibleContent, error: AccessibleContent, warning: AccessibleContent, info: AccessibleContent }}
    />
  );
}
