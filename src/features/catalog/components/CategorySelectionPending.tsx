import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { PageLayout } from '@/components/PageLayout';

// Kept apart from the page: pending components are not code-split, so this file stays small.
export const CATEGORY_SELECTION_TITLE = 'Choose your categories';
export const CATEGORY_SELECTION_LEAD = 'Pick what your shop sells. The preview fills your app with sample products from these categories.';

function CategoriesSkeleton() {
  return (
    <Box aria-busy="true" aria-label="Loading categories" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
      {[96, 72, 88, 64, 80, 100, 84].map((width, index) => (
        <Skeleton key={index} variant="rounded" width={width} height={44} sx={{ borderRadius: 999 }} />
      ))}
    </Box>
  );
}

export function CategorySelectionPending() {
  return (
    <PageLayout title={CATEGORY_SELECTION_TITLE} lead={CATEGORY_SELECTION_LEAD}>
      <CategoriesSkeleton />
    </PageLayout>
  );
}
