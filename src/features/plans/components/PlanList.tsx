import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { QueryErrorState } from '@/components/QueryErrorState';
import { usePlans } from '../api/get-plans';
import { PlanCard } from './PlanCard';
import { PLAN_GRID_SX, PlanListSkeleton } from './PlanListSkeleton';

/** The plans of GET /v1/plans with their loading, error and empty states. */
export function PlanList({ limit }: { limit?: number }) {
  const { data, error, isPending, refetch } = usePlans();
  if (isPending) return <PlanListSkeleton />;
  if (error) return <QueryErrorState message={error.message} onRetry={() => void refetch()} />;
  if (data.length === 0) return <Typography>No plans are available yet. Please check back soon.</Typography>;
  return (
    <Box sx={PLAN_GRID_SX}>
      {data.slice(0, limit).map((plan) => (
        <PlanCard key={plan.id} plan={plan} />
      ))}
    </Box>
  );
}
