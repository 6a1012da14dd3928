import Chip from '@mui/material/Chip';

/** Every card and payment made against a built-in test gateway says so: never real money. */
export function TestModeChip() {
  return <Chip size="small" color="warning" variant="outlined" label="Test mode" />;
}
