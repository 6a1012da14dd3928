import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@contract/api';
import { TEMPLATE_PATHS } from '@contract/templates/paths';
import type { SaveTemplatePayload, Template } from '@contract/templates/schemas';
import { templateKeys } from '@contract/templates/filter';
import { api } from '@/api/client';
import { templateQueryOptions } from './get-template';

/** PUT /v1/templates/{templateId}: needs a category ('Error saving configuration' otherwise). */
export function saveTemplate({ templateId, ...payload }: SaveTemplatePayload & { templateId: string }): Promise<Template> {
  return api<Template>(fillPath(TEMPLATE_PATHS.one, { templateId }), { method: 'PUT', body: payload, fallback: 'Error saving configuration' });
}

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTemplate,
    onSuccess: (template) => {
      queryClient.setQueryData(templateQueryOptions(template.templateId).queryKey, template);
      void queryClient.invalidateQueries({ queryKey: templateKeys.lists() });
    },
  });
}
