import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TEMPLATE_PATHS } from '@contract/templates/paths';
import type { CreateTemplatePayload, Template } from '@contract/templates/schemas';
import { templateKeys } from '@contract/templates/filter';
import { api } from '@/api/client';
import { templateQueryOptions } from './get-template';

/** POST /v1/templates (refused past 20 with 'Maximum number of allowed templates reached!'). */
export function createTemplate(payload: CreateTemplatePayload): Promise<Template> {
  return api<Template>(TEMPLATE_PATHS.list, { method: 'POST', body: payload, fallback: 'Could not create the template' });
}

export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTemplate,
    onSuccess: (template) => {
      queryClient.setQueryData(templateQueryOptions(template.templateId).queryKey, template);
      void queryClient.invalidateQueries({ queryKey: templateKeys.lists() });
    },
  });
}
