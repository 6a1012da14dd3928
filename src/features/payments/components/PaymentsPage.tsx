import { useQuery } from '@tanstack/react-query';
import { PageLayout } from '@/components/PageLayout';
import { transactionAppsQueryOptions } from '../api/get-transactions';
import { filterOfSearch, transactionFilterOf, type PaymentsFilter } from '../model';
import type { PaymentsSearch } from '../search';
import { TransactionFilters } from './TransactionFilters';
import { TransactionPages } from './TransactionPages';

interface PaymentsPageProps {
  search: PaymentsSearch;
  onFilterChange: (filter: PaymentsFilter) => void;
}

/** Spec section 2 /payments: every transaction of every app, filtered by status, provider and app on the server. */
export function PaymentsPage({ search, onFilterChange }: PaymentsPageProps) {
  const filter = filterOfSearch(search);
  // The app filter's choices come with (not before) the first page.
  const apps = useQuery(transactionAppsQueryOptions()).data ?? [];
  return (
    <PageLayout title="Payments" lead="Your transactions across all your apps, with their status and reference.">
      <TransactionFilters filter={filter} apps={apps} onChange={onFilterChange} />
      <TransactionPages filter={transactionFilterOf(filter)} />
    </PageLayout>
  );
}
