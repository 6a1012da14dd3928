import { useState } from 'react';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { enablePush, pushPermission, type PushPermission } from '../push-subscription';

/**
 * The meaningful moment to ask for push: the merchant is looking at their notifications and
 * chooses to. Shown only while the browser has not been asked yet.
 */
export function PushOptIn({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const [permission, setPermission] = useState<PushPermission>(pushPermission);
  const [busy, setBusy] = useState(false);
  if (permission !== 'default') return null;
  return (
    <Button
      size="small"
      variant="outlined"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void enablePush(queryClient, userId).finally(() => {
          setBusy(false);
          setPermission(pushPermission());
        });
      }}
    >
      Turn on push notifications
    </Button>
  );
}
