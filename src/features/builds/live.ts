/**
 * An app's builds, live (issue 31): the socket.io room `builds:<alias>` carries the whole build
 * each time it changes (stage, progress, logs, queue position); each is written into the query
 * cache, so the panel follows without refetching. On every (re)connection the room is joined
 * again and the list fetched once, for whatever changed while the line was down.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { BUILD_EVENT, buildsRoom } from '@contract/builds/paths';
import type { Build } from '@contract/builds/schemas';
import { getToken } from '@/lib/session/token';
import { openRealtimeLine } from '@/realtime/transport';
import { buildKeys } from './keys';
import { activeBuild } from './model';
import { storeBuild } from './store';

export function useLiveBuilds(alias: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const token = getToken();
    if (!token) return;
    const room = buildsRoom(alias);
    let joinedBefore = false;
    const line = openRealtimeLine({
      auth: () => ({ token }),
      onConnect: (socket) =>
        socket.emit('join', room, (answer: { ok: boolean; message?: string } | undefined) => {
          if (!answer?.ok) return console.warn('Could not follow the builds', answer?.message);
          // A rejoin re-syncs what the line missed; the first join too when a build under way may have moved since the page's load.
          const list = queryClient.getQueryData<Build[]>(buildKeys.list(alias));
          if (joinedBefore || (list && activeBuild(list))) void queryClient.invalidateQueries({ queryKey: buildKeys.all(alias) });
          joinedBefore = true;
        }),
      label: 'Builds',
    });
    line.socket.on(BUILD_EVENT, (build: Build) => {
      if (build.shopAlias === alias) storeBuild(queryClient, build);
    });
    return () => line.close();
  }, [alias, queryClient]);
}
