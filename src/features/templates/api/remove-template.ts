import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@contract/api';
import { TEMPLATE_PATHS } from '@contract/templates/paths';
import { templateKeys } from '@contract/templates/filter';
import { api } from '@/api/client';
import { templateQueryOptions } from './get-template';

/** DELETE /v1/templates/{templateId}: gone from all three places at once. */
export function removeTemplate(templateId: string): Promise<null> {
  return api<null>(fillPath(TEMPLATE_PATHS.one, { templateId }), { method: 'DELETE', fallback: 'Could not remove the template' });
}

export function useRemoveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeTemplate,
    onSuccess: (_answer, templateId) => {
      queryClient.removeQueries({ queryKey: templateQueryOptions(templateId).queryKey });
      void queryClient.invalidateQueries({ queryKey: templateKeys.lists() });
    },
  });
}
