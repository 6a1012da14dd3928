import Button from '@mui/material/Button';
import { useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { applyUpdate, registerServiceWorker, subscribePwa } from './pwa';

/** Registers the service worker and shows its update and offline-ready toasts. Renders nothing itself. */
export default function PwaUpdatePrompt(): null {
  const { enqueueSnackbar } = useSnackbar();

  useEffect(() => {
    const stopWaiting = subscribePwa('update-waiting', () => {
      enqueueSnackbar('A new version is available.', {
        key: 'pwa-update-waiting',
        persist: true,
        preventDuplicate: true,
        action: () => (
          <Button color="inherit" size="small" onClick={applyUpdate}>
            Reload
          </Button>
        ),
      });
    });
    const stopReady = subscribePwa('offline-ready', () => {
      enqueueSnackbar('Ready to work offline.', { key: 'pwa-offline-ready', preventDuplicate: true, variant: 'success' });
    });
    void registerServiceWorker();
    return () => {
      stopWaiting();
      stopReady();
    };
  }, [enqueueSnackbar]);

  return null;
}
