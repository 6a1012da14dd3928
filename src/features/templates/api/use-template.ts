import { useMutation } from '@tanstack/react-query';
import { fillPath } from '@contract/api';
import { TEMPLATE_PATHS } from '@contract/templates/paths';
import { api } from '@/api/client';

/** POST /v1/templates/{templateId}/use {alias}: the shop starts from the template's design. */
function applyTemplate({ templateId, alias }: { templateId: string; alias: string }): Promise<{ alias: string; templateId: string; configVersion: number }> {
  return api(fillPath(TEMPLATE_PATHS.use, { templateId }), { method: 'POST', body: { alias }, fallback: 'Could not start from this template' });
}

/** The composition (the setup route) refreshes the shop's own queries afterwards. */
export function useApplyTemplate() {
  return useMutation({ mutationFn: applyTemplate });
}
