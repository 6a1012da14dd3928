import { queryOptions } from '@tanstack/react-query';
import { TEMPLATE_PATHS } from '@contract/templates/paths';
import { listTag, templateKeys, type TemplateFilter } from '@contract/templates/filter';
import type { Template } from '@contract/templates/schemas';
import { api } from '@/api/client';

/** GET /v1/templates?category&tag: the published templates (public). */
export function listTemplates(filter: TemplateFilter, signal?: AbortSignal): Promise<Template[]> {
  const query: Record<string, string> = {};
  if (filter.category) query.category = filter.category;
  if (listTag(filter)) query.tag = listTag(filter);
  return api<Template[]>(TEMPLATE_PATHS.list, { query, fallback: 'Could not load the templates', signal });
}

export function templatesQueryOptions(filter: TemplateFilter = {}) {
  return queryOptions({
    queryKey: templateKeys.list(filter),
    queryFn: ({ signal }) => listTemplates(filter, signal),
    staleTime: 60_000,
  });
}
