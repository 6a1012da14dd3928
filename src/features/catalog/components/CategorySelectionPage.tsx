import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { SuperCategory } from '@contract/catalog/schemas';
import { PageLayout } from '@/components/PageLayout';
import { superCategoriesQueryOptions } from '../api/get-super-categories';
import { CATEGORY_SELECTION_LEAD, CATEGORY_SELECTION_TITLE } from './CategorySelectionPending';

function label(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function CategoryChips({ categories }: { categories: SuperCategory[] }) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <>
      <Box role="group" aria-label="Business categories" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        {categories.map((category) => {
          const isSelected = selected.has(category.id);
          return (
            <Chip
              key={category.id}
              label={label(category.name)}
              clickable
              aria-pressed={isSelected}
              color={isSelected ? 'primary' : 'default'}
              variant={isSelected ? 'filled' : 'outlined'}
              onClick={() => toggle(category.id)}
              sx={{ minHeight: 44, px: 1, fontSize: '1rem' }}
            />
          );
        })}
      </Box>
      <Typography role="status" color="text.secondary" sx={{ mt: 3 }}>
        {selected.size === 0 ? 'No category selected yet.' : `${selected.size} of ${categories.length} selected.`}
      </Typography>
    </>
  );
}

// Loaded by the route (pending and error states are the route's).
export function CategorySelectionPage() {
  const { data } = useSuspenseQuery(superCategoriesQueryOptions());
  return (
    <PageLayout title={CATEGORY_SELECTION_TITLE} lead={CATEGORY_SELECTION_LEAD}>
      {data.length === 0 ? <Typography>No categories are available yet.</Typography> : <CategoryChips categories={data} />}
    </PageLayout>
  );
}
