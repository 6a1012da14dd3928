import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { transactionsInfiniteQueryOptions } from '../api/get-transactions';
import type { TransactionFilter } from '../keys';
import { countText, rowsOf } from '../model';
import { TransactionList } from './TransactionList';

/**
 * One filtered list, a page at a time: the first page (the route's loader has it) with the
 * server's total of every page, then Show more for the next.
 */
export function TransactionPages({ filter }: { filter: TransactionFilter }) {
  const { data, error, fetchNextPage, hasNextPage, isFetchingNextPage, isFetchNextPageError } = useSuspenseInfiniteQuery(
    transactionsInfiniteQueryOptions(filter),
  );
  const rows = rowsOf(data.pages);
  const total = data.pages.at(-1)?.total ?? 0;
  return (
    <Stack spacing={2}>
      {total > 0 ? (
        <Typography role="status" color="text.secondary">
          {countText(rows.length, total)}
        </Typography>
      ) : null}
      <TransactionList transactions={rows} />
      {isFetchNextPageError && error ? <Alert severity="error">{error.message}</Alert> : null}
      {hasNextPage ? (
        <div>
          <Button variant="outlined" onClick={() => void fetchNextPage()} loading={isFetchingNextPage}>
            Show more
          </Button>
        </div>
      ) : null}
    </Stack>
  );
}
