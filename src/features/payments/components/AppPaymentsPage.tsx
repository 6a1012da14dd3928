import { useSuspenseQuery } from '@tanstack/react-query';
import { PageLayout } from '@/components/PageLayout';
import { transactionsQueryOptions } from '../api/get-transactions';
import type { PaymentsSearch } from '../search';
import { filterOfSearch, TransactionFilters, type PaymentsFilter } from './TransactionFilters';
import { TransactionList } from './TransactionList';

interface AppPaymentsPageProps {
  alias: string;
  search: PaymentsSearch;
  onFilterChange: (filter: PaymentsFilter) => void;
}

/** Spec section 2 /payments/{alias}: one app's transactions. */
export function AppPaymentsPage({ alias, search, onFilterChange }: AppPaymentsPageProps) {
  const filter = filterOfSearch(search);
  const { data } = useSuspenseQuery(transactionsQueryOptions({ appAlias: alias }));
  const shown = filter.status ? data.filter((transaction) => transaction.status === filter.status) : data;
  return (
    <PageLayout title="App payments" lead={`The transactions of ${alias}, with their status and reference.`}>
      <TransactionFilters filter={filter} onChange={onFilterChange} />
      <TransactionList transactions={shown} />
    </PageLayout>
  );
}
