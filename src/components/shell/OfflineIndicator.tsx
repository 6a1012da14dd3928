import { useSyncExternalStore } from 'react';
import Box from '@mui/material/Box';
import CloudOffIcon from '@mui/icons-material/CloudOff';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const OFFLINE_TEXT = 'You are offline. Pages show the data last loaded, which may be out of date.';

/** The shell's offline indicator: every screen then shows its last data, marked as possibly out of date. */
export function OfflineIndicator() {
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  if (online) return null;
  return (
    <Box
      role="status"
      sx={{
        position: 'fixed',
        left: 16,
        bottom: 16,
        zIndex: (theme) => theme.zIndex.snackbar,
        maxWidth: 'calc(100vw - 32px)',
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 2,
        py: 1,
        borderRadius: 2,
        bgcolor: '#3A3A3A',
        color: '#FFFFFF',
        boxShadow: 3,
      }}
    >
      <CloudOffIcon fontSize="small" aria-hidden />
      {OFFLINE_TEXT}
    </Box>
  );
}
