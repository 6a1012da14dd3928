import { useEffect } from 'react';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { errorText } from '@/api/error-text';
import { PageLayout } from './PageLayout';
import { QueryErrorState } from './QueryErrorState';

interface RouteErrorPageProps extends ErrorComponentProps {
  /** The heading of the page that failed to load; a generic one when absent. */
  title?: string;
}

/** A page whose loader failed: keeps the shell, shows the error text and retries the load. */
export function RouteErrorPage({ error, title = 'Something went wrong' }: RouteErrorPageProps) {
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  useEffect(() => {
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);

  return (
    <PageLayout title={title}>
      <QueryErrorState message={errorText(error, 'This page could not be loaded')} onRetry={() => void router.invalidate()} />
    </PageLayout>
  );
}
