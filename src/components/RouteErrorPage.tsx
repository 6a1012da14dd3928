import { useEffect } from 'react';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { errorText } from '@/api/error-text';
import { NotOnThisDevice } from '@/lib/route-data';
import { PageLayout } from './PageLayout';
import { QueryErrorState } from './QueryErrorState';

interface RouteErrorPageProps extends ErrorComponentProps {
  /** The heading of the page that failed to load; a generic one when absent. */
  title?: string;
}

/**
 * A page whose loader failed: keeps the shell, shows the error text and retries the load (by
 * itself once the network is back, for a page this device had nothing of offline).
 */
export function RouteErrorPage({ error, title }: RouteErrorPageProps) {
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  useEffect(() => {
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);
  const offline = error instanceof NotOnThisDevice;
  useEffect(() => {
    if (!offline) return;
    const retry = () => void router.invalidate();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [offline, router]);

  return (
    <PageLayout title={title ?? (offline ? 'Not available offline' : 'Something went wrong')}>
      <QueryErrorState message={errorText(error, 'This page could not be loaded')} onRetry={() => void router.invalidate()} />
    </PageLayout>
  );
}
