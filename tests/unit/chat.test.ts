import { describe, expect, it } from 'vitest';
import { chatPlacement } from '@/features/chat/components/ChatMount';
import { mergeMessages, type ShownMessage } from '@/features/chat/messages';

const message = (id: number, clientId: string, extra: Partial<ShownMessage> = {}): ShownMessage => ({
  id,
  clientId,
  room: 'r',
  content: clientId,
  sender: 'merchant',
  createdAt: `2026-01-01T00:00:0${id}Z`,
  roomMember: { deviceId: 'device-1' },
  ...extra,
});

describe('mergeMessages', () => {
  it('keeps one message per client id, the stored copy over a pending one, in id order with pending last', () => {
    const pending = message(0, 'c', { pending: true });
    const merged = mergeMessages([message(2, 'b'), pending], [message(1, 'a'), message(2, 'b')]);
    expect(merged.map((m) => m.clientId)).toEqual(['a', 'b', 'c']);
    const stored = mergeMessages(merged, [message(3, 'c')]);
    expect(stored.map((m) => [m.clientId, m.id, m.pending ?? false])).toEqual([
      ['a', 1, false],
      ['b', 2, false],
      ['c', 3, false],
    ]);
    // A late pending copy (outbox restored after the send) never hides the stored one.
    expect(mergeMessages(stored, [pending]).find((m) => m.clientId === 'c')?.id).toBe(3);
  });
});

describe('chatPlacement', () => {
  it('hides the panel on the shared project, password reset and phone preview pages, and raises it on the design screens', () => {
    for (const hidden of ['/apps/ada-shop/public', '/password/reset', '/test/preview'])
      expect(chatPlacement(hidden), hidden).toEqual({ hidden: true, raised: false });
    for (const raised of ['/new-app/ada/design', '/new-app/category-selection', '/templates/t1/edit'])
      expect(chatPlacement(raised), raised).toEqual({ hidden: false, raised: true });
    for (const plain of ['/', '/apps/ada-shop', '/account', '/templates/t1/preview'])
      expect(chatPlacement(plain), plain).toEqual({ hidden: false, raised: false });
  });
});
