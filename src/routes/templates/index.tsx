import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { ALL_TEMPLATE_CATEGORIES, type AnyTemplateCategory } from '@contract/templates/schemas';
import { TemplateCard } from '@/components/shell/TemplateCard';
import { templatesQueryOptions } from '@/features/templates/api/list-templates';
import { TemplatesPage } from '@/features/templates/components/TemplatesPage';

/** ?category&tag, checked by hand (route options are in the initial JS, zod is not). */
function validateSearch(search: Record<string, unknown>): { category?: AnyTemplateCategory; tag?: string } {
  const category = (ALL_TEMPLATE_CATEGORIES as readonly unknown[]).includes(search.category) ? (search.category as AnyTemplateCategory) : undefined;
  const tag = typeof search.tag === 'string' && search.tag.trim() ? search.tag.trim().slice(0, 30) : undefined;
  return { ...(category ? { category } : {}), ...(tag ? { tag } : {}) };
}

export const Route = createFileRoute('/templates/')({
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
