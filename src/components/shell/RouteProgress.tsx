import LinearProgress from '@mui/material/LinearProgress';
import { useRouterState } from '@tanstack/react-router';

/** Spec section 2: every route change shows a loading indicator. */
export function RouteProgress() {
  const loading = useRouterState({ select: (state) => state.status === 'pending' || state.isLoading });
  if (!loading) return null;
  return (
    <LinearProgress
      aria-label="Loading page"
      color="secondary"
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, height: 3, zIndex: (theme) => theme.zIndex.appBar + 1 }}
    />
  );
}
