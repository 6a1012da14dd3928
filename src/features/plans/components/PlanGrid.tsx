import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Plan } from '@contract/plans/schemas';
import { PlanCard } from './PlanCard';

const PLAN_GRID_SX = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } } as const;

/** The plans as cards, or a word that there are none yet. */
export function PlanGrid({ plans, limit }: { plans: readonly Plan[]; limit?: number }) {
  if (plans.length === 0) return <Typography>No plans are available yet. Please check back soon.</Typography>;
  return (
    <Box sx={PLAN_GRID_SX}>
      {plans.slice(0, limit).map((plan) => (
        <PlanCard key={plan.id} plan={plan} />
      ))}
    </Box>
  );
}
