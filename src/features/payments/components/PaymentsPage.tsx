import { useSuspenseQuery } from '@tanstack/react-query';
import { PageLayout } from '@/components/PageLayout';
import { transactionsQueryOptions } from '../api/get-transactions';
import { appsOf } from '../model';
import type { PaymentsSearch } from '../search';
import { filterOfSearch, TransactionFilters, type PaymentsFilter } from './TransactionFilters';
import { TransactionList } from './TransactionList';

interface PaymentsPageProps {
  search: PaymentsSearch;
  onFilterChange: (filter: PaymentsFilter) => void;
}

/** Spec section 2 /payments: every transaction of every app, filterable by status and app. */
export function PaymentsPage({ search, onFilterChange }: PaymentsPageProps) {
  const filter = filterOfSearch(search);
  const { data: all } = useSuspenseQuery(transactionsQueryOptions());
  const shown = all.filter((transaction) => (!filter.status || transaction.status === filter.status) && (!filter.app || transaction.appAlias === filter.app));
  return (
    <PageLayout title="Payments" lead="Your transactions across all your apps, with their status and reference.">
      <TransactionFilters filter={filter} apps={appsOf(all)} onChange={onFilterChange} />
      <TransactionList transactions={shown} />
    </PageLayout>
  );
}
