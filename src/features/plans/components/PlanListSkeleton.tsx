import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';

export const PLAN_GRID_SX = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } } as const;

export function PlanListSkeleton() {
  return (
    <Box sx={PLAN_GRID_SX} aria-busy="true" aria-label="Loading plans">
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} variant="rounded" height={168} />
      ))}
    </Box>
  );
}
