/**
 * A fake backend for the unit tests that render the whole app: a sample user, envelope helpers,
 * a fetch stub with per-file default answers and per-test overrides, and `renderApp(path)`.
 */
import { StrictMode } from 'react';
import { act, render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@contract/users/schemas';
import { ToastProvider } from '@/app/ToastProvider';
import { createQueryClient } from '@/app/query-client';
import { createAppRouter } from '@/app/router';
import { meQueryOptions } from '@/lib/session/get-me';
import { isLoggedIn } from '@/lib/session/session';
import { getToken, setToken } from '@/lib/session/token';

/** Ada, a verified merchant with referral code ADA1; `overrides` change any field. */
export function sampleUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    firstName: 'Ada',
    lastName: 'Obi',
    email: 'ada@shop.io',
    phoneNo: '08031234567',
    profilePix: null,
    avatar: null,
    fcmId: null,
    deviceId: null,
    role: 'user',
    requiresVerification: false,
    facebookId: null,
    userroles: [],
    referralCode: 'ADA1',
    ...overrides,
  };
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A 200 in the backend's envelope: `{ message: 'ok', data }`. */
export const ok = (data: unknown) => json(200, { message: 'ok', data });

/** Answers a request, or returns undefined to leave it to the default answers. */
export type Handler = (url: string, init: RequestInit | undefined) => Response | undefined;

/**
 * Default answers by path prefix: the `data` to answer with (in `ok`), or a function that returns
 * it when asked. A request no prefix matches gets a 404.
 */
export type DefaultAnswers = Record<string, unknown>;

const BASE_ANSWERS: DefaultAnswers = {
  '/v1/plans': [],
  '/v1/super-categories': [],
  '/v1/user/me': sampleUser(),
  '/v1/credits': { id: 1, value: 500 },
  '/v1/invites-history': { deleted: 0 },
  '/v1/referrals': { referralCode: 'ADA1', referrals: [], earned: 0 },
  '/v1/portal/notifications/count': { count: 0 },
  '/v1/portal/notifications/list': [],
  '/v1/billings': [],
  '/v1/subscriptions': [],
};

/**
 * Stubs `fetch` (and `scrollTo`) around every test of the calling file. `defaults` replace or add
 * to the base answers (empty plans and super-categories, `sampleUser()` as /v1/user/me, 500 credit,
 * no referrals, the invites-history delete); a test's `handle(...)` is asked first.
 */
export function installFakeApi(defaults: DefaultAnswers = {}) {
  const answers = { ...BASE_ANSWERS, ...defaults };
  const fetchMock = vi.fn<typeof fetch>();
  let handler: Handler = () => undefined;

  const defaultAnswer = (url: string): Response => {
    const prefix = Object.keys(answers).find((candidate) => url.startsWith(candidate));
    if (prefix === undefined) return json(404, { message: 'Not found' });
    const data = answers[prefix];
    return ok(typeof data === 'function' ? (data as () => unknown)() : data);
  };
  /** What the stubbed fetch does: the test's handler, then the default answers, then a 404. */
  const answer = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    return Promise.resolve(handler(url, init) ?? defaultAnswer(url));
  };

  beforeEach(() => {
    handler = () => undefined;
    storedUser = null;
    currentClient = null;
    fetchMock.mockImplementation(answer);
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('scrollTo', vi.fn());
  });

  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  return {
    fetchMock,
    answer,
    /** Answers this test's requests first (until the next test). */
    handle(next: Handler) {
      handler = next;
    },
    /** The fetch calls to `path` (a prefix) with `method`. */
    calls(path: string, method = 'POST') {
      return fetchMock.mock.calls.filter(([url, init]) => String(url).startsWith(path) && (init?.method ?? 'GET') === method);
    },
  };
}

/** The JSON body a fetch call sent. */
export function bodyOf(call: Parameters<typeof fetch> | undefined): Record<string, unknown> {
  return JSON.parse(String(call?.[1]?.body)) as Record<string, unknown>;
}

/** The user the next app starts with in its cache (see signIn), and the app's query client. */
let storedUser: User | null = null;
let currentClient: QueryClient | null = null;

/**
 * A merchant signed in before the app starts, as a reload finds one: the token in its store and
 * the user in the query cache restored from localStorage (stale, so the app refetches it).
 */
export function signIn(user: User = sampleUser(), token = 'jwt'): void {
  setToken(token);
  storedUser = user;
}

/** The session as the app counts it: the stored token and the user in the current app's cache. */
export function session() {
  const token = getToken();
  const user = currentClient?.getQueryData(meQueryOptions().queryKey) ?? null;
  return { token, user, isLoggedIn: isLoggedIn(token, user) };
}

export function createTestRouter(path: string) {
  const queryClient = createQueryClient();
  if (storedUser) queryClient.setQueryData(meQueryOptions().queryKey, storedUser, { updatedAt: 0 });
  currentClient = queryClient;
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }));
  return { router, queryClient };
}

/** Renders the whole app at `path` (inside StrictMode with `strict`) and waits for the route to load. */
export async function renderApp(path: string, { strict = false }: { strict?: boolean } = {}) {
  const { router, queryClient } = createTestRouter(path);
  const app = (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>
  );
  render(strict ? <StrictMode>{app}</StrictMode> : app);
  await act(() => router.load());
  return { router, queryClient };
}
