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
import type { Transaction } from '@contract/payments/schemas';
import { PROVIDER_LABELS, STATUS_LABELS, statusTone, transactionAmount, transactionDate, type StatusTone } from '../model';
import { TestModeChip } from './TestModeChip';

/** Text colours of the phone list (plain text: a chip per row is too heavy for 500 rows). */
const TONE_COLOURS: Record<StatusTone, string> = { success: 'success.dark', warning: 'warning.dark', error: 'error.main', default: 'text.secondary' };

function StatusChip({ transaction }: { transaction: Transaction }) {
  return <Chip size="small" color={statusTone(transaction.status)} label={STATUS_LABELS[transaction.status]} />;
}

/** Every transaction: cards on a phone, a table from the md breakpoint up. */
export function TransactionList({ transactions }: { transactions: readonly Transaction[] }) {
  // MUI's md breakpoint.
  const wide = useMediaQuery('(min-width: 900px)');
  if (transactions.length === 0) return <Typography>No payments match.</Typography>;
  if (!wide)
    return (
      // Plain list items, not MUI Cards: 500 of them render on a throttled phone.
      <Box component="ul" aria-label="Payments" sx={{ p: 0, m: 0, listStyle: 'none', '& > li': { borderBottom: 1, borderColor: 'divider', py: 1.5 } }}>
        {transactions.map((transaction) => (
          <li key={transaction.reference}>
            <Typography sx={{ fontWeight: 700 }}>
              {transactionAmount(transaction)} ·{' '}
              <Box component="span" sx={{ color: TONE_COLOURS[statusTone(transaction.status)] }}>
                {STATUS_LABELS[transaction.status]}
              </Box>
              {transaction.testMode ? ' · Test mode' : null}
            </Typography>
            <Typography variant="body2">{transaction.appAlias ?? transaction.description}</Typography>
            <Typography variant="body2" color="text.secondary">
              {PROVIDER_LABELS[transaction.provider]} · {transactionDate(transaction.createdAt)}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
              Reference {transaction.reference}
            </Typography>
          </li>
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
            <TableRow key={transaction.reference}>
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
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
