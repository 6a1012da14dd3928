import type { QueryClient } from '@tanstack/react-query';
import type { Build } from '@contract/builds/schemas';
import { buildKeys } from './keys';
import { withBuild } from './model';

/** A build the server answered or announced, written into the app's list and its own query (no refetch). */
export function storeBuild(queryClient: QueryClient, build: Build): void {
  queryClient.setQueryData<Build[]>(buildKeys.list(build.shopAlias), (list) => withBuild(list, build));
  queryClient.setQueryData<Build>(buildKeys.one(build.shopAlias, build.id), build);
}
