import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { billMoney } from '@contract/billing/formula';
import { costsForHours, HOURS_MAX, parseHours } from '../calculator';
import { useListedPlans } from './PlanList';

/** Hours live a month -> the cost on each plan (the plans PlanList shows, the same formula as a bill). */
export function PriceCalculator() {
  const [text, setText] = useState('200');
  const { plans } = useListedPlans();
  const hours = parseHours(text);
  return (
    <Box component="section" aria-labelledby="calculator-heading" sx={{ mt: 6 }}>
      <Typography id="calculator-heading" variant="h2" sx={{ mb: 2 }}>
        What would it cost?
      </Typography>
      <TextField
        label="Hours live a month"
        type="number"
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={hours === null}
        helperText={hours === null ? `Give a number of hours from 0 to ${HOURS_MAX}.` : `0 to ${HOURS_MAX} (a 31-day month)`}
        slotProps={{ htmlInput: { min: 0, max: HOURS_MAX, step: 1, inputMode: 'decimal' } }}
        sx={{ maxWidth: 280 }}
        fullWidth
      />
      {hours !== null && (
        <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, mt: 2, mb: 1 }} aria-label="Cost on each plan" aria-live="polite">
          {costsForHours(hours, plans).map(({ plan, amount }) => (
            <Typography component="li" key={plan.planCode}>
              On {plan.name}: <strong>{billMoney(amount, plan.currencyCode)}</strong>
            </Typography>
          ))}
        </Stack>
      )}
      <Typography color="text.secondary" sx={{ maxWidth: 720 }}>
        Worked out for a 30-day month. A bill uses the days of its own month (28 to 31), so the same hours cost a little more in February and a little less in a
        31-day month.
      </Typography>
    </Box>
  );
}
