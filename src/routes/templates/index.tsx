import { createFileRoute, useNavigate } from '@tanstack/react-router';
import type { AnyTemplateCategory } from '@contract/templates/categories';
import { TemplateCard } from '@/components/shell/TemplateCard';
import { templatesQueryOptions } from '@/features/templates/api/list-templates';
import { TemplatesPage } from '@/features/templates/components/TemplatesPage';

/**
 * ?category&tag, checked by hand (route options are in the initial JS; neither zod nor the category
 * list is): the shape here, the category itself by the server (an unknown one is the page's error).
 */
function validateSearch(search: Record<string, unknown>): { category?: AnyTemplateCategory; tag?: string } {
  const category = typeof search.category === 'string' && /^[a-z_]{2,40}$/.test(search.category) ? (search.category as AnyTemplateCategory) : undefined;
  const tag = typeof search.tag === 'string' && search.tag.trim() ? search.tag.trim().slice(0, 30) : undefined;
  return { ...(category ? { category } : {}), ...(tag ? { tag } : {}) };
}

export const Route = createFileRoute('/templates/')({
  // The loader (and the query modules it imports) loads with the route, not in the homepage's initial JS.
  codeSplitGroupings: [['loader'], ['component']],
  validateSearch,
  loaderDeps: ({ search }) => ({ category: search.category, tag: search.tag }),
  // Shown from the cache at once; a failing load leaves the page to show its error state.
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(templatesQueryOptions(deps)),
  component: RouteComponent,
});

function RouteComponent() {
  const filter = Route.useSearch();
  const navigate = useNavigate({ from: '/templates/' });
  return (
    <TemplatesPage
      filter={filter}
      onFilterChange={(next) => void navigate({ search: { ...(next.category ? { category: next.category } : {}), ...(next.tag ? { tag: next.tag } : {}) } })}
      renderCard={(template) => <TemplateCard template={template} />}
    />
  );
}
