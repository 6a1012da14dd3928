import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

interface QueryErrorStateProps {
  /** Already follows the spec's error text rule (ApiError.message). */
  message: string;
  onRetry: () => void;
}

/** A failed load: the error text and a way to try again. Plain Box, not Alert: it sits on the homepage's first load. */
export function QueryErrorState({ message, onRetry }: QueryErrorStateProps) {
  return (
    <Box
      role="alert"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 2,
        p: 2,
        borderRadius: 2,
        border: '1px solid',
        borderColor: 'error.main',
        borderLeftWidth: 6,
        backgroundColor: '#FDF2F2',
      }}
    >
      <Typography sx={{ flex: '1 1 200px', color: 'error.dark' }}>{message}</Typography>
      <Button variant="outlined" color="error" onClick={onRetry}>
        Retry
      </Button>
    </Box>
  );
}
