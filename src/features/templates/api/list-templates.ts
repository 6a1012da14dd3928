import { queryOptions } from '@tanstack/react-query';
import { TEMPLATE_PATHS } from '@contract/templates/paths';
import type { AnyTemplateCategory, Template } from '@contract/templates/schemas';
import { api } from '@/api/client';

export interface TemplateFilter {
  category?: AnyTemplateCategory | undefined;
  tag?: string | undefined;
}

/** GET /v1/templates?category&tag: the published templates (public). */
export function listTemplates(filter: TemplateFilter, signal?: AbortSignal): Promise<Template[]> {
  const query: Record<string, string> = {};
  if (filter.category) query.category = filter.category;
  if (filter.tag?.trim()) query.tag = filter.tag.trim().toLowerCase();
  return api<Template[]>(TEMPLATE_PATHS.list, { query, fallback: 'Could not load the templates', signal });
}

export function templatesQueryOptions(filter: TemplateFilter = {}) {
  return queryOptions({
    queryKey: ['templates', 'list', filter.category ?? '', filter.tag?.trim().toLowerCase() ?? ''],
    queryFn: ({ signal }) => listTemplates(filter, signal),
    staleTime: 60_000,
  });
}
