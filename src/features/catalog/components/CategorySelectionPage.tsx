import { useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { ProductCategory, SuperCategory } from '@contract/catalog/schemas';
import { PageLayout } from '@/components/PageLayout';
import { SubmitButton } from '@/components/form/SubmitButton';
import { productCategoriesQueryOptions } from '../api/get-product-categories';
import { superCategoriesQueryOptions } from '../api/get-super-categories';
import { CATEGORY_SELECTION_LEAD, CATEGORY_SELECTION_TITLE } from './CategorySelectionPending';

const CATEGORIES_MISSING = 'Please select the categories your shop sells';
/** A change is saved once the merchant pauses (and at once on Continue). */
const SAVE_DELAY_MS = 600;

function label(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

const toggled = (set: ReadonlySet<number>, id: number) => {
  const next = new Set(set);
  if (!next.delete(id)) next.add(id);
  return next;
};

const sameIds = (a: readonly number[], b: ReadonlySet<number>) => a.length === b.size && a.every((id) => b.has(id));

function SuperCategoryCard({ category, selected, onToggle }: { category: SuperCategory; selected: boolean; onToggle: () => void }) {
  return (
    <ButtonBase
      onClick={onToggle}
      aria-pressed={selected}
      focusRipple
      sx={{
        display: 'block',
        textAlign: 'left',
        borderRadius: 2,
        overflow: 'hidden',
        border: 2,
        borderColor: selected ? 'primary.main' : 'divider',
        bgcolor: 'background.paper',
      }}
    >
      {category.image ? (
        <Box component="img" src={category.image} alt="" loading="lazy" sx={{ display: 'block', width: '100%', aspectRatio: '16 / 9', objectFit: 'cover' }} />
      ) : null}
      <Typography component="span" sx={{ display: 'block', px: 1.5, py: 1, fontWeight: 600 }}>
        {label(category.name)}
      </Typography>
    </ButtonBase>
  );
}

/** What the page needs of the shop being set up (the route passes it: features do not import each other). */
export interface ShopInterests {
  name: string;
  superCategoriesOfInterest: number[];
  categoriesOfInterest: number[];
}

interface CategorySelectionProps {
  shop: ShopInterests;
  /** Saves the selection to the shop (PUT /v1/shops/{alias}). */
  save: (changes: Pick<ShopInterests, 'superCategoriesOfInterest' | 'categoriesOfInterest'>) => Promise<unknown>;
  saving: boolean;
  /** Goes on to the design editor. */
  onContinue: () => Promise<void>;
}

// Loaded by the route (pending and error states are the route's).
export function CategorySelectionPage({ shop, save: saveShop, saving, onContinue }: CategorySelectionProps) {
  const { data: superCategories } = useSuspenseQuery(superCategoriesQueryOptions());
  const { data: categories } = useSuspenseQuery(productCategoriesQueryOptions());
  const [supers, setSupers] = useState<ReadonlySet<number>>(() => new Set(shop.superCategoriesOfInterest));
  const [picked, setPicked] = useState<ReadonlySet<number>>(() => new Set(shop.categoriesOfInterest));
  const [message, setMessage] = useState<string | null>(null);
  // The shop's selection the choices above started from. A page opened from a cache saved before
  // the last save (a reload within a second of it) starts from an older selection; when the
  // server's arrives, choices the merchant has not changed since follow it. Else the autosave
  // would send the old selection back and undo the save.
  const [base, setBase] = useState(shop);
  if (base.superCategoriesOfInterest !== shop.superCategoriesOfInterest || base.categoriesOfInterest !== shop.categoriesOfInterest) {
    setBase(shop);
    if (sameIds(base.superCategoriesOfInterest, supers) && sameIds(base.categoriesOfInterest, picked)) {
      setSupers(new Set(shop.superCategoriesOfInterest));
      setPicked(new Set(shop.categoriesOfInterest));
    }
  }

  const offered = useMemo(() => categories.filter((category) => supers.has(category.superCategoryId)), [categories, supers]);
  // Categories of a super-category no longer chosen are dropped with it.
  const interests = useMemo(() => new Set([...picked].filter((id) => offered.some((category) => category.id === id))), [picked, offered]);
  const dirty = !sameIds(shop.superCategoriesOfInterest, supers) || !sameIds(shop.categoriesOfInterest, interests);

  const save = () => saveShop({ superCategoriesOfInterest: [...supers], categoriesOfInterest: [...interests] });
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  useEffect(() => {
    if (!dirty) return;
    const timer = setTimeout(() => void saveRef.current().catch(() => {}), SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [dirty, supers, interests]);

  const next = async () => {
    if (supers.size === 0) {
      setMessage(CATEGORIES_MISSING);
      return;
    }
    try {
      if (dirty) await save();
      await onContinue();
    } catch (error) {
      setMessage((error as Error).message);
    }
  };

  return (
    <PageLayout title={CATEGORY_SELECTION_TITLE} lead={CATEGORY_SELECTION_LEAD}>
      <Typography component="h2" variant="h5" sx={{ mb: 2 }}>
        What does {shop.name} sell?
      </Typography>
      {superCategories.length === 0 ? <Typography>No categories are available yet.</Typography> : null}
      <Box
        role="group"
        aria-label="Business categories"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(4, 1fr)' } }}
      >
        {superCategories.map((category) => (
          <SuperCategoryCard
            key={category.id}
            category={category}
            selected={supers.has(category.id)}
            onToggle={() => {
              setSupers((current) => toggled(current, category.id));
              setMessage(null);
            }}
          />
        ))}
      </Box>
      <Typography role="status" color="text.secondary" sx={{ mt: 2 }}>
        {supers.size === 0 ? 'No category selected yet.' : `${supers.size} of ${superCategories.length} selected.`}
        {saving ? ' Saving…' : dirty ? '' : supers.size > 0 ? ' Saved.' : ''}
      </Typography>
      {offered.length > 0 ? (
        <>
          <Typography component="h2" variant="h6" sx={{ mt: 4, mb: 1.5 }}>
            Categories of interest
          </Typography>
          <Box role="group" aria-label="Categories of interest" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
            {offered.map((category: ProductCategory) => {
              const selected = interests.has(category.id);
              return (
                <Chip
                  key={category.id}
                  avatar={<Avatar src={category.icon} alt="" />}
                  label={category.name}
                  clickable
                  aria-pressed={selected}
                  color={selected ? 'primary' : 'default'}
                  variant={selected ? 'filled' : 'outlined'}
                  onClick={() => setPicked((current) => toggled(current, category.id))}
                  sx={{ minHeight: 44, px: 0.5, fontSize: '1rem' }}
                />
              );
            })}
          </Box>
        </>
      ) : null}
      {message ? (
        <Alert severity="error" role="alert" sx={{ mt: 3 }}>
          {message}
        </Alert>
      ) : null}
      <SubmitButton size="large" pending={saving} onClick={() => void next()} sx={{ mt: 4, minHeight: 48 }}>
        Continue to design
      </SubmitButton>
    </PageLayout>
  );
}
