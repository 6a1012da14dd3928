/**
 * Where the support chat lives in the shell (spec section 2): hidden on the shared project page,
 * the password reset page and the full-page phone preview, raised on the design,
 * category-selection and template-edit screens, and not for agents (they answer from the
 * inbox). The chat's code, socket and fingerprint load lazily, after the device id is known.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { ROLE } from '@contract/constants';
import { hasRole } from '@contract/users/roles';
import type { ChatStore } from '../chat-store';

const ChatWidget = lazy(() => import('./ChatWidget'));
/** How long after the shell mounts the chat starts loading. */
const CHAT_START_DELAY_MS = 1500;

const HIDDEN = [/^\/apps\/[^/]+\/public\/?$/, /^\/password\/reset\/?$/, /^\/test\/preview\/?$/];
const RAISED = [/^\/new-app\/[^/]+\/design\/?$/, /^\/new-app\/category-selection\/?$/, /^\/templates\/[^/]+\/edit\/?$/];

export const chatPlacement = (pathname: string) => ({ hidden: HIDDEN.some((rule) => rule.test(pathname)), raised: RAISED.some((rule) => rule.test(pathname)) });

interface ChatMountProps {
  token: string | null;
  user: { id: number; userroles?: readonly { roleId: number }[] | null } | null;
}

export function ChatMount({ token, user }: ChatMountProps) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [store, setStore] = useState<ChatStore | null>(null);
  const agent = hasRole(user, ROLE.SOVEREIGN);
  // A token whose user is still loading: wait, so the chat starts once, as that user.
  const waiting = token !== null && user === null;
  const userId = user?.id ?? null;

  useEffect(() => {
    if (agent || waiting) return;
    let stopped = false;
    let current: ChatStore | null = null;
    void (async () => {
      // The page the visitor came for loads first: the chat waits for an idle moment.
      await new Promise((resolve) => setTimeout(resolve, CHAT_START_DELAY_MS));
      if (stopped) return;
      const { resolveDeviceId } = await import('../device-id');
      const deviceId = await resolveDeviceId();
      if (stopped) return;
      const { ChatStore: Store } = await import('../chat-store');
      if (stopped) return;
      current = new Store(deviceId, { token, userId });
      setStore(current);
      await current.start();
    })().catch((error: unknown) => console.error('Failed to load chat rooms', error));
    return () => {
      stopped = true;
      current?.stop();
      setStore(null);
    };
  }, [token, userId, agent, waiting]);

  const { hidden, raised } = chatPlacement(pathname);
  if (!store || hidden) return null;
  return (
    <Suspense fallback={null}>
      <ChatWidget store={store} raised={raised} />
    </Suspense>
  );
}
