/** Pure merging of chat messages: by server id, a pending one replaced by its stored copy (same clientId). */
import type { ChatMessage } from '@contract/chat/schemas';

/** A message on screen: stored (id > 0), or still pending in the outbox (id 0). */
export type ShownMessage = ChatMessage & { pending?: boolean; failed?: string };

export function mergeMessages(current: readonly ShownMessage[], incoming: readonly ShownMessage[]): ShownMessage[] {
  const byClient = new Map<string, ShownMessage>();
  for (const message of [...current, ...incoming]) {
    const known = byClient.get(message.clientId);
    // A stored copy wins over a pending one; otherwise the later word wins.
    if (!known || !(known.id > 0 && message.id === 0)) byClient.set(message.clientId, message);
  }
  return [...byClient.values()].sort((a, b) => {
    if (a.id === 0 || b.id === 0) return a.id === 0 && b.id === 0 ? a.createdAt.localeCompare(b.createdAt) : a.id === 0 ? 1 : -1;
    return a.id - b.id;
  });
}
