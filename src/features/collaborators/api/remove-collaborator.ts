import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@contract/api';
import { COLLABORATOR_PATHS } from '@contract/collaborators/paths';
import { api } from '@/api/client';
import { collaboratorsQueryOptions } from './get-collaborators';

/** DELETE /v1/shops/{alias}/design/collaborators/{collaboratorId} */
export function removeCollaborator({ alias, collaboratorId }: { alias: string; collaboratorId: number }): Promise<null> {
  return api<null>(fillPath(COLLABORATOR_PATHS.one, { alias, collaboratorId }), { method: 'DELETE', fallback: 'Could not remove the collaborator' });
}

export function useRemoveCollaborator(alias: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCollaborator,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collaboratorsQueryOptions(alias).queryKey }),
  });
}
