/**
 * `/templates`: the gallery (issue #11). Filter by category, search by tag; each template is its
 * preview card (composed in by the route) with 'Use this template'. Data from TanStack Query,
 * so a server render shows what the loader fetched and the client refreshes it.
 */
import { type FormEvent, type ReactNode, useDeferredValue, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useHydrated } from '@/lib/hydration';
import { wasServed } from '@/lib/served-data';
import { useNearViewport } from '@/lib/use-near-viewport';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import { ALL_TEMPLATE_CATEGORIES, type AnyTemplateCategory, TEMPLATE_CATEGORY_LABELS } from '@contract/templates/categories';
import type { Template } from '@contract/templates/schemas';
import { ButtonLink } from '@/components/links';
import { PageLayout } from '@/components/PageLayout';
import type { TemplateFilter } from '@contract/templates/filter';
import { templatesQueryOptions } from '../api/list-templates';

interface TemplatesPageProps {
  filter: TemplateFilter;
  onFilterChange: (filter: TemplateFilter) => void;
  renderCard: (template: Template) => ReactNode;
}

export function TemplatesPage({ filter, onFilterChange, renderCard }: TemplatesPageProps) {
  const pick = (category: AnyTemplateCategory | undefined) => onFilterChange({ ...filter, category });

  return (
    <PageLayout
      title="Templates"
      lead="Ready-made app designs for health and beauty, jewellery and accessories, phones and tablets and more: play them, preview them on your phone and start your app from one."
      actions={
        <ButtonLink to="/templates/create-template" variant="contained" color="secondary">
          Create a template
        </ButtonLink>
      }
    >
      <Stack spacing={2} sx={{ mb: 3 }}>
        <Box role="group" aria-label="Filter by category" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Chip label="All" clickable color={filter.category ? 'default' : 'primary'} aria-pressed={!filter.category} onClick={() => pick(undefined)} />
          {ALL_TEMPLATE_CATEGORIES.map((category) => (
            <Chip
              key={category}
              label={TEMPLATE_CATEGORY_LABELS[category]}
              clickable
              color={filter.category === category ? 'primary' : 'default'}
              aria-pressed={filter.category === category}
              onClick={() => pick(category)}
            />
          ))}
        </Box>
        <TagSearch key={filter.tag ?? ''} initial={filter.tag ?? ''} onSearch={(tag) => onFilterChange({ ...filter, tag: tag || undefined })} />
      </Stack>
      <TemplateList filter={filter} renderCard={renderCard} />
    </PageLayout>
  );
}

/**
 * The templates the filter selects. A page the server rendered with them (src/lib/served-data.ts)
 * shows them from its first render; otherwise they wait for hydration.
 */
function TemplateList(props: Pick<TemplatesPageProps, 'filter' | 'renderCard'>) {
  return wasServed(templatesQueryOptions(props.filter).queryKey) ? <ServedTemplateList {...props} /> : <ClientTemplateList {...props} />;
}

function ServedTemplateList({ filter, renderCard }: Pick<TemplatesPageProps, 'filter' | 'renderCard'>) {
  const query = useQuery(templatesQueryOptions(filter));
  const data = useDeferredValue(query.data);
  return <TemplateItems filter={filter} renderCard={renderCard} templates={{ ...query, data }} />;
}

/**
 * A component of its own: the end of hydration re-renders what reads useHydrated synchronously,
 * in one task, and here that is the list alone, not the page's chips, search box and buttons.
 */
function ClientTemplateList({ filter, renderCard }: Pick<TemplatesPageProps, 'filter' | 'renderCard'>) {
  const query = useQuery(templatesQueryOptions(filter));
  // A prerendered page shows no templates until it has hydrated (src/lib/hydration.ts): a
  // returning visitor's restored cache must not make the first render differ from the HTML.
  const hydrated = useHydrated();
  const shown = hydrated ? query : { isError: false as const, error: null, data: undefined };
  // The list renders as a deferred value: React renders the arrived templates in slices it can
  // interrupt (a query's update alone would render the whole gallery in one task).
  const data = useDeferredValue(shown.data);
  return <TemplateItems filter={filter} renderCard={renderCard} templates={{ ...shown, data }} />;
}

interface TemplateItemsProps extends Pick<TemplatesPageProps, 'filter' | 'renderCard'> {
  templates: { isError: boolean; error: Error | null; data: Template[] | undefined };
}

function TemplateItems({ filter, renderCard, templates }: TemplateItemsProps) {
  return (
    <>
      {templates.isError && templates.error ? <Alert severity="error">{templates.error.message}</Alert> : null}
      {templates.data && templates.data.length === 0 ? (
        <Typography role="status">
          No templates match{filter.tag ? ` the tag '${filter.tag}'` : ''}
          {filter.category ? ` in ${TEMPLATE_CATEGORY_LABELS[filter.category]}` : ''}.
        </Typography>
      ) : null}
      {templates.data && templates.data.length > 0 ? (
        <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {templates.data.length} {templates.data.length === 1 ? 'template' : 'templates'}
        </Typography>
      ) : null}
      <Box
        component="ul"
        aria-label="Templates"
        // Until the templates arrive the list holds a screen's height, so the footer below does not
        // jump down when they fill in (layout shift).
        sx={{ ...LIST_SX, minHeight: templates.data ? undefined : '100vh' }}
      >
        {(templates.data ?? []).map((template, index) => (
          <Box component="li" key={template.templateId} sx={ITEM_SX} data-category={template.category}>
            <NearViewport eager={index < EAGER_CARDS}>{renderCard(template)}</NearViewport>
            <Typography variant="body2" color="text.secondary">
              {TEMPLATE_CATEGORY_LABELS[template.category]} · {template.tags.join(', ')}
            </Typography>
            <ButtonLink to="/new-app/setup" search={{ templateId: template.templateId }} variant="contained" aria-label={`Use this template: ${template.name}`}>
              Use this template
            </ButtonLink>
          </Box>
        ))}
      </Box>
    </>
  );
}

/**
 * A card mounts only once it comes within about a screen of the viewport: rendering all the
 * gallery's cards at once is one long task on a phone (Lighthouse's Total Blocking Time). Until
 * then a box of about the card's size holds its place, so the cards below do not move on screen.
 * The first EAGER_CARDS are rendered at once, by the server too for a served gallery: they are on
 * or near the first screen anyway, and hydrating them costs less than mounting them afterwards
 * (a commit that builds their DOM and inserts their styles, and restyles the page).
 */
function NearViewport({ children, eager }: { children: ReactNode; eager: boolean }) {
  const [ref, near] = useNearViewport(!eager, '100% 0px');
  return near ? children : <Box ref={ref} aria-hidden="true" sx={CARD_PLACEHOLDER_SX} />;
}

/**
 * The gallery's grid (issue 27: 17 templates made a 10,718 px page of two huge cards a row): on a
 * phone one card a row with its phone at full size; from 600 px up, cards 250 px wide and more,
 * as many as fit (four a row at 1280 px), their phones at 60 % (--phone-zoom, read by the card).
 */
const LIST_SX = {
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  gap: 3,
  justifyItems: 'center',
  alignItems: 'start',
  gridTemplateColumns: { xs: 'repeat(auto-fill, minmax(min(100%, 404px), 1fr))', sm: 'repeat(auto-fill, minmax(250px, 1fr))' },
  '--phone-zoom': { xs: 1, sm: 0.6 },
} as const;

/**
 * A gallery item. Off screen, the browser skips its layout and paint (content-visibility), sized
 * as a card with its caption and button until it has been rendered once: the page's relayouts (the
 * Roboto faces arriving, a card or phone mounting) cover the items on screen, not all of them.
 */
const ITEM_SX = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: 1,
  maxWidth: '100%',
  contentVisibility: 'auto',
  containIntrinsicSize: { xs: 'auto 404px auto 1060px', sm: 'auto 270px auto 770px' },
} as const;

/** A phone's first screen and the next: the cards the gallery renders without waiting. */
const EAGER_CARDS = 2;

/** The rendered card's size (the phone preview's placeholder, the title and the actions): on a phone, and from 600 px up. */
const CARD_PLACEHOLDER_SX = { width: { xs: 404, sm: 270 }, maxWidth: '100%', height: { xs: 934, sm: 680 } } as const;

/**
 * The tag search box (remounted when the URL's tag changes, so it always shows it). A TextField
 * as composed by hand: TextField imports Select, and with it Menu, Popover, Modal and List, seven
 * chunks /templates would load and evaluate on start for a box that never is a select.
 */
function TagSearch({ initial, onSearch }: { initial: string; onSearch: (tag: string) => void }) {
  const [tag, setTag] = useState(initial);
  const search = (event: FormEvent) => {
    event.preventDefault();
    onSearch(tag.trim());
  };
  return (
    <Box component="form" role="search" onSubmit={search} sx={{ display: 'flex', gap: 1, maxWidth: 480 }}>
      <FormControl size="small" fullWidth>
        <InputLabel htmlFor="template-tag-search">Search by tag</InputLabel>
        {/* No autofill keyframes (a global style the browser would restyle the page for while it hydrates): the browser never autofills a tag. */}
        <OutlinedInput
          id="template-tag-search"
          label="Search by tag"
          value={tag}
          onChange={(event) => setTag(event.target.value)}
          inputProps={{ maxLength: 30 }}
          disableInjectingGlobalStyles
        />
      </FormControl>
      <Button type="submit" variant="outlined">
        Search
      </Button>
    </Box>
  );
}
