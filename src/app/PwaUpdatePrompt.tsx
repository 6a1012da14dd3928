import Button from '@mui/material/Button';
import { useEffect } from 'react';
import { applyUpdate, registerServiceWorker, subscribePwa } from './pwa';
import { toast } from '@/lib/toast';
import { hasUnsavedWork } from '@/lib/unsaved-work';
import { whenSettled } from './when-settled';

/** Registers the service worker and offers a waiting update with a toast. Renders nothing itself. */
export default function PwaUpdatePrompt(): null {
  useEffect(() => {
    const stopWaiting = subscribePwa('update-waiting', () => {
      toast('A new version is available.', {
        key: 'pwa-update-waiting',
        persist: true,
        preventDuplicate: true,
        action: () => (
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              if (hasUnsavedWork())
                toast('Your changes are being kept: the new version loads once they are saved.', { key: 'pwa-update-held', preventDuplicate: true });
              void applyUpdate();
            }}
          >
            Reload
          </Button>
        ),
      });
    });
    // Not part of the first paint: register once the page has settled.
    const cancelRegister = whenSettled(() => void registerServiceWorker());
    return () => {
      cancelRegister();
      stopWaiting();
    };
  }, []);

  return null;
}
