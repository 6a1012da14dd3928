import { queryOptions } from '@tanstack/react-query';
import { fillPath } from '@contract/api';
import { TEMPLATE_PATHS } from '@contract/templates/paths';
import type { Template } from '@contract/templates/schemas';
import { templateKeys } from '@contract/templates/filter';
import { api } from '@/api/client';

/** GET /v1/templates/{templateId} (404 for an unknown one). */
export function getTemplate(templateId: string, signal?: AbortSignal): Promise<Template> {
  return api<Template>(fillPath(TEMPLATE_PATHS.one, { templateId }), { fallback: 'Could not load the template', signal });
}

export function templateQueryOptions(templateId: string) {
  // Not persisted: a reload always asks the server, so a removed template is never shown from an old cache.
  return queryOptions({
    queryKey: templateKeys.one(templateId),
    queryFn: ({ signal }) => getTemplate(templateId, signal),
    staleTime: 30_000,
    retry: false,
    meta: { persist: false },
  });
}
