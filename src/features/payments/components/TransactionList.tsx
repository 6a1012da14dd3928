import { memo } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { TransactionListItem } from '@contract/payments/schemas';
import { PROVIDER_LABELS, STATUS_LABELS, statusTone, transactionAmount, transactionDate } from '../model';
import { TestModeChip } from './TestModeChip';

function StatusChip({ transaction }: { transaction: TransactionListItem }) {
  return <Chip size="small" color={statusTone(transaction.status)} label={STATUS_LABELS[transaction.status]} />;
}

/**
 * The phone list's look, set once on the list: its rows are plain elements with class names
 * (no MUI component and no style of their own per row), as hundreds may show on a throttled phone.
 */
const PHONE_LIST_SX = {
  p: 0,
  m: 0,
  listStyle: 'none',
  '& > li': { borderBottom: 1, borderColor: 'divider', py: 1.5 },
  '& p': { m: 0, typography: 'body2' },
  '& p.title': { typography: 'body1', fontWeight: 700 },
  '& .muted': { color: 'text.secondary' },
  '& .reference': { wordBreak: 'break-all' },
  '& .tone-success': { color: 'success.dark' },
  '& .tone-warning': { color: 'warning.dark' },
  '& .tone-error': { color: 'error.main' },
  '& .tone-default': { color: 'text.secondary' },
} as const;

// Memoized: Show more renders the new rows only, not every row already shown.
const PhoneRow = memo(function PhoneRow({ transaction }: { transaction: TransactionListItem }) {
  return (
    <li>
      <p className="title">
        {transactionAmount(transaction)} · <span className={`tone-${statusTone(transaction.status)}`}>{STATUS_LABELS[transaction.status]}</span>
        {transaction.testMode ? ' · Test mode' : null}
      </p>
      <p>{transaction.appAlias ?? transaction.description}</p>
      <p className="muted">
        {PROVIDER_LABELS[transaction.provider]} · {transactionDate(transaction.createdAt)}
      </p>
      <p className="muted reference">Reference {transaction.reference}</p>
    </li>
  );
});

const WideRow = memo(function WideRow({ transaction }: { transaction: TransactionListItem }) {
  return (
    <TableRow>
      <TableCell>{transactionDate(transaction.createdAt)}</TableCell>
      <TableCell>{transaction.appAlias ?? transaction.description}</TableCell>
      <TableCell align="right">{transactionAmount(transaction)}</TableCell>
      <TableCell>{PROVIDER_LABELS[transaction.provider]}</TableCell>
      <TableCell sx={{ wordBreak: 'break-all' }}>{transaction.reference}</TableCell>
      <TableCell>
        <Stack direction="row" spacing={1}>
          <StatusChip transaction={transaction} />
          {transaction.testMode ? <TestModeChip /> : null}
        </Stack>
      </TableCell>
    </TableRow>
  );
});

/** The loaded transactions: plain list items on a phone, a table from the md breakpoint up. */
export function TransactionList({ transactions }: { transactions: readonly TransactionListItem[] }) {
  // MUI's md breakpoint.
  const wide = useMediaQuery('(min-width: 900px)');
  if (transactions.length === 0) return <Typography>No payments match.</Typography>;
  if (!wide)
    return (
      <Box component="ul" aria-label="Payments" sx={PHONE_LIST_SX}>
        {transactions.map((transaction) => (
          <PhoneRow key={transaction.reference} transaction={transaction} />
        ))}
      </Box>
    );
  return (
    <TableContainer>
      <Table size="small" aria-label="Payments">
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell>App</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell>Provider</TableCell>
            <TableCell>Reference</TableCell>
            <TableCell>Status</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {transactions.map((transaction) => (
            <WideRow key={transaction.reference} transaction={transaction} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
