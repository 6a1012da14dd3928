import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { templateFilterOf } from '@contract/templates/filter';
import { TemplateCard } from '@/components/shell/TemplateCard';
import { templatesQueryOptions } from '@/features/templates/api/list-templates';
import { TemplatesPage } from '@/features/templates/components/TemplatesPage';

export const Route = createFileRoute('/templates/')({
  // The loader (and the query modules it imports) loads with the route, not in the homepage's initial JS.
  codeSplitGroupings: [['loader'], ['component']],
  validateSearch: templateFilterOf,
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
