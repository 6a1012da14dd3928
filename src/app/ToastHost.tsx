import { useCallback } from 'react';
import IconButton from '@mui/material/IconButton';
import { styled } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import CloseIcon from '@mui/icons-material/Close';
import { MaterialDesignContent, SnackbarProvider, closeSnackbar, type SnackbarOrigin } from 'notistack';
import { CONSTANTS } from '@contract/constants';
import { connectToastHost } from '@/lib/toast';
import { toastRoot } from './toast-root';

// notistack's default green, orange and blue fail AA with white text; these pass (>= 4.5:1).
const AccessibleContent = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: '#1E6B32' },
  '&.notistack-MuiContent-error': { backgroundColor: '#B3261E' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#8A4B00' },
  '&.notistack-MuiContent-info': { backgroundColor: '#1238C4' },
});

/** Spec section 8: top-right. */
const TOP_RIGHT: SnackbarOrigin = { vertical: 'top', horizontal: 'right' };
/**
 * On a phone a toast spans the screen's width: at the top it would cover the nav bar, the
 * verification banner and a dialog's title, tabs and close button. The bottom edge holds none of
 * those, is where a phone's snackbars usually appear, and is in reach of the thumb to dismiss.
 */
const PHONE: SnackbarOrigin = { vertical: 'bottom', horizontal: 'center' };

/**
 * notistack's provider, loaded lazily by ToastProvider. It wraps nothing: the app calls `toast()`
 * (src/lib/toast.ts), which reaches this provider's enqueue through the ref. Toasts last 6
 * seconds (spec section 8) and can be dismissed sooner.
 */
export function ToastHost() {
  // notistack's own phone breakpoint (below 600 px), where a toast spans the screen's width.
  const phone = useMediaQuery('(max-width:599.95px)');
  const connect = useCallback((provider: SnackbarProvider | null) => connectToastHost(provider ? provider.enqueueSnackbar : undefined), []);
  return (
    <SnackbarProvider
      ref={connect}
      domRoot={toastRoot()}
      anchorOrigin={phone ? PHONE : TOP_RIGHT}
      autoHideDuration={CONSTANTS.toastDurationMs}
      maxSnack={3}
      action={(key) => (
        <IconButton aria-label="Dismiss" color="inherit" size="small" onClick={() => closeSnackbar(key)}>
          <CloseIcon fontSize="small" />
        </IconButton>
      )}
      Components={{ default: AccessibleContent, success: AccessibleContent, error: AccessibleContent, warning: AccessibleContent, info: AccessibleContent }}
    />
  );
}
