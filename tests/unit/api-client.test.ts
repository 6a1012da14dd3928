import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, OFFLINE_MESSAGE, api, configureAuth } from '@/api/client';
import { apiPage } from '@/api/page';

function respond(status: number, body: unknown): Response {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return new Response(text, { status, headers: { 'Content-Type': 'application/json' } });
}

const fetchMock = vi.fn<typeof fetch>();

function lastRequest(): { url: string; init: RequestInit; headers: Record<string, string> } {
  const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
  return { url: String(url), init: init ?? {}, headers: (init?.headers ?? {}) as Record<string, string> };
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  const meta = document.createElement('meta');
  meta.name = 'portal-client-credential';
  meta.content = 'portal-web:s3cret';
  document.head.append(meta);
  configureAuth({ token: () => null, onUnauthorized: () => {} });
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  document.head.querySelector('meta[name="portal-client-credential"]')?.remove();
});

describe('api client', () => {
  it('unwraps data of the {message, data} envelope', async () => {
    fetchMock.mockResolvedValue(respond(200, { message: 'Plans', data: [{ id: 1, planCode: 'basic' }] }));
    await expect(api('/plans')).resolves.toEqual([{ id: 1, planCode: 'basic' }]);
    expect(lastRequest().url).toBe('/v1/plans');
    expect(lastRequest().init.method).toBe('GET');
  });

  it('sends the basic client credential from the page when logged out', async () => {
    fetchMock.mockResolvedValue(respond(200, { message: 'ok', data: null }));
    await api('/super-categories');
    expect(lastRequest().url).toBe('/v1/super-categories');
    expect(lastRequest().headers.Authorization).toBe(`Basic ${btoa('portal-web:s3cret')}`);
  });

  it('sends the bearer token when logged in', async () => {
    configureAuth({ token: () => 'jwt-token', onUnauthorized: () => {} });
    fetchMock.mockResolvedValue(respond(200, { message: 'ok', data: { id: 7 } }));
    await api('/user/me');
    expect(lastRequest().headers.Authorization).toBe('Bearer jwt-token');
  });

  it('encodes the query and sends a JSON body', async () => {
    fetchMock.mockResolvedValue(respond(201, { message: 'Created', data: { id: 3 } }));
    await api('/subscriptions', { method: 'POST', body: { planCode: 'basic' }, query: { page: 0, status: undefined, shopAlias: 'my shop' } });
    const request = lastRequest();
    expect(request.url).toBe('/v1/subscriptions?page=0&shopAlias=my+shop');
    expect(request.init.body).toBe('{"planCode":"basic"}');
    expect(request.headers['Content-Type']).toBe('application/json');
  });

  it("rejects a 4xx with an ApiError carrying the server's message and status", async () => {
    fetchMock.mockResolvedValue(respond(422, { message: 'Please enter a business name' }));
    const error = await api('/shops', { method: 'POST', body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Please enter a business name', status: 422 });
  });

  it('falls back to the body, then the given fallback, then Error', async () => {
    fetchMock.mockResolvedValueOnce(new Response('Service Unavailable', { status: 503 }));
    await expect(api('/plans')).rejects.toThrow('Service Unavailable');
    fetchMock.mockResolvedValueOnce(new Response('', { status: 500 }));
    await expect(api('/plans', { fallback: 'Could not load the plans' })).rejects.toThrow('Could not load the plans');
    fetchMock.mockResolvedValueOnce(new Response('', { status: 500 }));
    await expect(api('/plans')).rejects.toThrow(/^Error$/);
  });

  it('turns a network failure into an ApiError with status 0 that says so, whatever the fallback', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api('/plans')).rejects.toMatchObject({ name: 'ApiError', status: 0, message: OFFLINE_MESSAGE });
    await expect(api('/auth/login', { method: 'POST', body: {}, fallback: 'Invalid Credentials' })).rejects.toMatchObject({
      status: 0,
      message: OFFLINE_MESSAGE,
    });
  });

  it('calls onUnauthorized on a 401 when a token was sent', async () => {
    const onUnauthorized = vi.fn();
    configureAuth({ token: () => 'expired', onUnauthorized });
    fetchMock.mockResolvedValue(respond(401, { message: 'Token expired' }));
    await expect(api('/user/me')).rejects.toThrow('Token expired');
    expect(onUnauthorized).toHaveBeenCalledExactlyOnceWith('Token expired');
  });

  it('does not call onUnauthorized on a 401 without a token', async () => {
    const onUnauthorized = vi.fn();
    configureAuth({ token: () => null, onUnauthorized });
    fetchMock.mockResolvedValue(respond(401, { message: 'Invalid Credentials' }));
    await expect(api('/auth/login', { method: 'POST', body: {} })).rejects.toThrow('Invalid Credentials');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('sends a raw body as is, with its own Content-Type', async () => {
    configureAuth({ token: () => 'jwt-token', onUnauthorized: () => {} });
    fetchMock.mockResolvedValue(respond(200, { message: 'ok', data: { id: 7 } }));
    const picture = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
    await api('/user/7/profile-picture', { method: 'PUT', rawBody: picture });
    expect(lastRequest().init.method).toBe('PUT');
    expect(lastRequest().init.body).toBe(picture);
    expect(lastRequest().headers['Content-Type']).toBe('image/png');
    expect(lastRequest().headers.Authorization).toBe('Bearer jwt-token');
  });

  it("reads a list call's page and the X-Total-Count of every page", async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ message: 'ok', data: [{ id: 1 }] }), { status: 200, headers: { 'X-Total-Count': '120' } }));
    await expect(apiPage('/transactions', { query: { page: 2, limit: 50 } })).resolves.toEqual({ items: [{ id: 1 }], total: 120 });
    expect(lastRequest().url).toBe('/v1/transactions?page=2&limit=50');
    fetchMock.mockResolvedValue(respond(400, { message: 'Query parameter limit must be at most 200' }));
    await expect(apiPage('/transactions', { query: { limit: 500 } })).rejects.toThrow('Query parameter limit must be at most 200');
  });
});
