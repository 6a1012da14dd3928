import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { notificationRoute } from '@contract/notifications/paths';
import type { Notification } from '@contract/notifications/schemas';
import { notificationsQueryOptions } from '@/features/notifications/api/get-notifications';
import { applyNotification, OPEN_NOTIFICATIONS } from '@/features/notifications/model';
import { applyNotificationUpdate } from '@/features/notifications/store';
import { base64UrlToBytes } from '@/features/notifications/push-subscription';
import { filterOf, validateNotificationsSearch } from '@/features/notifications/search';
import { hasUnsavedWork, holdUnsavedWork, whenWorkSaved } from '@/lib/unsaved-work';
import { notificationActions, registerNotificationActions } from '@/lib/notification-actions';

const note = (id: number, fields: Partial<Notification> = {}): Notification => ({
  id,
  notificationId: id,
  type: 'app-build',
  status: 'open',
  title: `n${id}`,
  body: '',
  meta: { shopName: null, inviteToken: null, shopAlias: null },
  createdAt: '2026-11-23T00:00:00.000Z',
  updatedAt: '2026-11-23T00:00:00.000Z',
  ...fields,
});

describe('notification rules (spec section 4)', () => {
  it('a resolved notification leaves the open list', () => {
    expect(applyNotification([note(2), note(1)], note(1, { status: 'resolved' }), OPEN_NOTIFICATIONS).map((n) => n.id)).toEqual([2]);
  });
  it('otherwise it is added newest first, or replaced in place', () => {
    expect(applyNotification([note(2), note(1)], note(3), OPEN_NOTIFICATIONS).map((n) => n.id)).toEqual([3, 2, 1]);
    const replaced = applyNotification([note(2), note(1)], note(2, { title: 'new' }), OPEN_NOTIFICATIONS);
    expect(replaced.map((n) => n.title)).toEqual(['new', 'n1']);
  });
  it('a filtered list keeps only what matches its status and type', () => {
    expect(applyNotification([], note(5, { status: 'resolved' }), { status: 'resolved' }).map((n) => n.id)).toEqual([5]);
    expect(applyNotification([note(5, { status: 'resolved' })], note(5), { status: 'resolved' })).toEqual([]);
    expect(applyNotification([], note(6, { type: 'release' }), { status: 'open', type: 'invite' })).toEqual([]);
    expect(applyNotification([note(1)], note(1, { status: 'resolved' }), { status: 'all' })[0]?.status).toBe('resolved');
  });
});

describe('notification routes', () => {
  it('each type opens its page', () => {
    expect(notificationRoute({ type: 'app-build', meta: { shopAlias: 'a b' } })).toBe('/apps/a%20b');
    expect(notificationRoute({ type: 'payment-due' })).toBe('/billing');
    expect(notificationRoute({ type: 'payment-failed' })).toBe('/billing');
    expect(notificationRoute({ type: 'release' })).toBe('/notifications?type=release');
    expect(notificationRoute({ type: 'invite', meta: { inviteToken: 't&1' } })).toBe('/join-project?token=t%261');
  });
  it('search parameters that do not fit are dropped', () => {
    expect(validateNotificationsSearch({ status: 'bogus', type: 'spam' })).toEqual({ status: undefined, type: undefined });
    expect(filterOf(validateNotificationsSearch({ status: 'all', type: 'invite' }))).toEqual({ status: 'all', type: 'invite' });
    expect(filterOf({})).toEqual({ status: 'open', type: undefined });
  });
});

describe('actions and unsaved work registries', () => {
  it('offers registered actions on open notifications of their type only', () => {
    const remove = registerNotificationActions('invite', () => [{ label: 'Accept', run: async () => {} }]);
    expect(notificationActions(note(1, { type: 'invite' })).map((a) => a.label)).toEqual(['Accept']);
    expect(notificationActions(note(1, { type: 'invite', status: 'resolved' }))).toEqual([]);
    expect(notificationActions(note(1))).toEqual([]);
    remove();
    expect(notificationActions(note(1, { type: 'invite' }))).toEqual([]);
  });
  it('holds work until every holder releases it', async () => {
    const a = holdUnsavedWork();
    const b = holdUnsavedWork();
    let saved = false;
    const waiting = whenWorkSaved().then(() => (saved = true));
    a();
    await Promise.resolve();
    expect(saved).toBe(false);
    expect(hasUnsavedWork()).toBe(true);
    b();
    await waiting;
    expect(hasUnsavedWork()).toBe(false);
  });
  it('decodes the VAPID key', () => {
    expect([...base64UrlToBytes('AQID_w')]).toEqual([1, 2, 3, 255]);
  });
});

describe('a change applied while the list is being fetched', () => {
  it('is not undone by the answer of a fetch that started before it', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = notificationsQueryOptions().queryKey;
    queryClient.setQueryData(key, [note(1)]);
    const answers: Array<(list: Notification[]) => void> = [];
    const fetching = queryClient.fetchQuery({ queryKey: key, queryFn: () => new Promise<Notification[]>((resolve) => answers.push(resolve)), staleTime: 0 });
    // Resolved elsewhere while that fetch is on its way: the old answer must not bring it back.
    applyNotificationUpdate(queryClient, note(1, { status: 'resolved' }));
    expect(queryClient.getQueryData(key)).toEqual([]);
    answers[0]?.([note(1)]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(queryClient.getQueryData(key)).toEqual([]);
    // It was asked again, after the change.
    expect(answers).toHaveLength(2);
    answers[1]?.([]);
    await fetching;
    expect(queryClient.getQueryData(key)).toEqual([]);
    queryClient.clear();
  });
});
