import { PageLayout } from '@/components/PageLayout';
import { filterOfSearch, transactionFilterOf, type PaymentsFilter } from '../model';
import type { PaymentsSearch } from '../search';
import { TransactionFilters } from './TransactionFilters';
import { TransactionPages } from './TransactionPages';

interface AppPaymentsPageProps {
  alias: string;
  search: PaymentsSearch;
  onFilterChange: (filter: PaymentsFilter) => void;
}

/** Spec section 2 /payments/{alias}: one app's transactions, filtered by status and provider on the server. */
export function AppPaymentsPage({ alias, search, onFilterChange }: AppPaymentsPageProps) {
  const filter = filterOfSearch(search);
  return (
    <PageLayout title="App payments" lead={`The transactions of ${alias}, with their status and reference.`}>
      <TransactionFilters filter={{ status: filter.status, provider: filter.provider }} onChange={onFilterChange} />
      <TransactionPages filter={transactionFilterOf({ ...filter, app: alias })} />
    </PageLayout>
  );
}
