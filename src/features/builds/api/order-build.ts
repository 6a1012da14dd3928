import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@contract/api';
import { BUILD_PATHS } from '@contract/builds/paths';
import type { Build, OrderBuild } from '@contract/builds/schemas';
import { IDEMPOTENCY_HEADER } from '@contract/payments/paths';
import { api } from '@/api/client';
import { storeBuild } from '../store';

interface OrderInput extends OrderBuild {
  alias: string;
  /** One key per press of Confirm order: a double click or a retry sends the same one, so the server orders once. */
  idempotencyKey: string;
}

/** POST /v1/shops/{alias}/builds {releaseId?} with an Idempotency-Key. */
function orderBuild({ alias, idempotencyKey, ...body }: OrderInput): Promise<Build> {
  return api<Build>(fillPath(BUILD_PATHS.builds, { alias }), {
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    fallback: 'Could not order the app',
  });
}

export function useOrderBuild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: orderBuild,
    // The order dialog shows the server's reason (a build under way, no plan, an incomplete shop).
    meta: { errorToast: false },
    onSuccess: (build) => storeBuild(queryClient, build),
  });
}
