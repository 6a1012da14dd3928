import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@contract/api';
import { COLLABORATOR_PATHS } from '@contract/collaborators/paths';
import type { AccessRights, Collaborator } from '@contract/collaborators/schemas';
import { api } from '@/api/client';
import { collaboratorsQueryOptions } from './get-collaborators';

/** PUT /v1/shops/{alias}/design/collaborators/{collaboratorId}/access-rights */
export function updateAccessRights({
  alias,
  collaboratorId,
  accessRights,
}: {
  alias: string;
  collaboratorId: number;
  accessRights: AccessRights;
}): Promise<Collaborator> {
  return api<Collaborator>(fillPath(COLLABORATOR_PATHS.accessRights, { alias, collaboratorId }), {
    method: 'PUT',
    body: { accessRights },
    fallback: 'Could not change the rights',
  });
}

export function useUpdateAccessRights(alias: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccessRights,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collaboratorsQueryOptions(alias).queryKey }),
  });
}
