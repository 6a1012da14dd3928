import { describe, expect, it } from 'vitest';
import { isCatalogRequest, NAVIGATION_DENYLIST } from '@/sw/routes';
import { readPushPayload, safeNotificationUrl } from '@/sw/notification-payload';

const ORIGIN = 'https://portal.example';
const at = (path: string) => new URL(path, ORIGIN);
const denied = (path: string) => NAVIGATION_DENYLIST.some((pattern) => pattern.test(path));

describe('service worker navigation fallback', () => {
  it.each(['/v1/plans', '/v1', '/socket.io/?EIO=4', '/healthz', '/uploads/logo.png', '/app_viewer', '/sandbox/stripe/setup?client_secret=x'])(
    'leaves %s to the network',
    (path) => {
      expect(denied(path)).toBe(true);
    },
  );
  it.each(['/', '/pricing', '/new-app/setup', '/apps/my-shop/public', '/templates/7/preview', '/v1nope', '/healthz-page'])(
    'answers the app route %s with the shell',
    (path) => {
      expect(denied(path)).toBe(false);
    },
  );
});

describe('service worker catalogue cache', () => {
  it.each([
    '/v1/plans',
    '/v1/super-categories',
    '/v1/super-categories/3/product-categories',
    '/v1/category-backgrounds?superCategoryIds=1,2',
    '/v1/slideshows/?superCategoryIds=1',
    '/v1/sample/super-categories/sample-measurements?superCategoryIds=1&limit=50',
    '/v1/product-categories?categoryIds=1&limit=50',
    '/v1/productcategories',
  ])('caches %s', (path) => {
    expect(isCatalogRequest(at(path), ORIGIN)).toBe(true);
  });
  it.each(['/v1/user/me', '/v1/plansx', '/v1/billings', '/v1/portal/notifications/count', '/plans'])('does not cache %s', (path) => {
    expect(isCatalogRequest(at(path), ORIGIN)).toBe(false);
  });
  it('ignores other origins', () => {
    expect(isCatalogRequest(new URL('https://cdn.example/v1/plans'), ORIGIN)).toBe(false);
  });
});

describe('push payload', () => {
  it('reads the portal payload', () => {
    const payload = JSON.stringify({ title: 'Invite', body: 'Join Ada Shop', url: '/join-project?token=t1', type: 'invite' });
    expect(readPushPayload(payload, ORIGIN)).toEqual({
      title: 'Invite',
      body: 'Join Ada Shop',
      url: `${ORIGIN}/join-project?token=t1`,
      type: 'invite',
    });
  });
  it('reads the FCM shape', () => {
    const payload = JSON.stringify({ notification: { title: 'Build ready', body: 'Your app was built' }, data: { type: 'app-build', url: '/apps/ada' } });
    expect(readPushPayload(payload, ORIGIN)).toEqual({ title: 'Build ready', body: 'Your app was built', url: `${ORIGIN}/apps/ada`, type: 'app-build' });
  });
  it('defaults the title and opens /notifications', () => {
    expect(readPushPayload(JSON.stringify({ type: 'payment-due' }), ORIGIN)).toEqual({
      title: 'ShopApp Studio',
      body: '',
      url: `${ORIGIN}/notifications`,
      type: 'payment-due',
    });
  });
  it('shows a plain-text push as its body', () => {
    expect(readPushPayload('Payment due tomorrow', ORIGIN).body).toBe('Payment due tomorrow');
    expect(readPushPayload(null, ORIGIN).title).toBe('ShopApp Studio');
  });
  it.each(['https://evil.example/phish', '//evil.example/x', 'javascript:alert(1)', 42])('never opens %s', (url) => {
    expect(safeNotificationUrl(url, ORIGIN)).toBe(`${ORIGIN}/notifications`);
  });
});
