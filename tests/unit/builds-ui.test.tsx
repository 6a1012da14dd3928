/**
 * The builds panel and the order dialog (issue 31) against a stubbed fetch: what each state
 * shows, who sees the buttons, and the order's one Idempotency-Key per opening.
 */
import type { ReactNode } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Subscription } from '@contract/billing/schemas';
import { BUILD_FAILURES, BUILD_MESSAGES, type Build } from '@contract/builds/schemas';
import { IDEMPOTENCY_HEADER } from '@contract/payments/paths';
import { BuildsPanel } from '@/features/builds/components/BuildsPanel';
import { OrderAppDialog } from '@/features/builds/components/OrderAppDialog';
import { sampleBuild } from './support/builds';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ok = (data: unknown) => json(200, { message: 'ok', data });

const RELEASES = [
  { id: 3, version: '1.3.0', appType: 'merchant-app', notes: '', createdAt: '2026-03-01T00:00:00.000Z' },
  { id: 2, version: '1.2.0', appType: 'merchant-app', notes: '', createdAt: '2026-02-01T00:00:00.000Z' },
];

let builds: Build[] = [];
const fetchMock = vi.fn<typeof fetch>();
const requests = (path: string, method = 'POST') =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).startsWith(path) && (init?.method ?? 'GET') === method);

beforeEach(() => {
  fetchMock.mockImplementation((input) => {
    const url = String(input);
    if (url.startsWith('/v1/shops/ada-shop/builds')) return Promise.resolve(ok(builds));
    if (url.startsWith('/v1/engine/releases')) return Promise.resolve(ok(RELEASES));
    return Promise.resolve(json(404, { message: 'Not found' }));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

function renderWithQueries(node: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={queryClient}>{node}</QueryClientProvider>);
}

const at = (seconds: number) => new Date(Date.parse('2026-03-12T10:00:00.000Z') + seconds * 1000).toISOString();

const failedBuild = sampleBuild({
  id: 2,
  number: 2,
  status: 'failed',
  progress: 40,
  startedAt: at(0),
  finishedAt: at(20),
  error: { code: 'GENERATION_FAILED', ...BUILD_FAILURES.GENERATION_FAILED },
  stages: sampleBuild().stages.map((stage) =>
    stage.name === 'queued' || stage.name === 'validating'
      ? { ...stage, state: 'done', progress: 100, startedAt: at(0), finishedAt: at(12) }
      : stage.name === 'generating'
        ? { ...stage, state: 'failed', progress: 30, startedAt: at(12), finishedAt: at(20), logs: [{ at: at(13), line: 'Writing the screens' }] }
        : stage,
  ),
});
const succeededBuild = sampleBuild({
  id: 1,
  number: 1,
  status: 'succeeded',
  progress: 100,
  startedAt: at(0),
  finishedAt: at(90),
  artifacts: [
    {
      id: 7,
      kind: 'web-app',
      fileName: 'ada-shop-web.zip',
      size: 1_400_000,
      sha256: 'a'.repeat(64),
      url: '/v1/builds/artifacts/7/download?s=x',
      expiresAt: '2026-03-19T10:00:00.000Z',
    },
  ],
  webAppUrl: '/shops/ada-shop/app/',
});

describe('BuildsPanel', () => {
  it('shows a failed build with its reason, next step and the not-charged note, and offers Build again to a manager', async () => {
    builds = [failedBuild, succeededBuild];
    renderWithQueries(<BuildsPanel alias="ada-shop" canManage onTakeLive={null} />);
    expect(await screen.findByRole('heading', { name: 'Build #2' })).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(BUILD_FAILURES.GENERATION_FAILED.message);
    expect(alert).toHaveTextContent(BUILD_FAILURES.GENERATION_FAILED.nextStep);
    expect(alert).toHaveTextContent('Not your fault: this build is not charged');
    const stages = screen.getByRole('list', { name: 'Stages of build 2' });
    expect(within(stages).getByText('Checking the design')).toBeInTheDocument();
    expect(within(stages).queryByText('Building store binaries')).not.toBeInTheDocument();
    expect(screen.getByRole('log', { name: 'Generating the apps log' })).toHaveTextContent('Writing the screens');
    expect(screen.getByRole('progressbar', { name: 'Overall progress of build 2' })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.queryByRole('button', { name: 'Cancel build' })).not.toBeInTheDocument();
    // The build is on 1.2.0 and 1.3.0 exists.
    expect(await screen.findByRole('button', { name: 'Rebuild on 1.3.0' })).toBeInTheDocument();

    fetchMock.mockImplementationOnce(() => Promise.resolve(ok(sampleBuild({ id: 3, number: 3, status: 'queued', queuePosition: 2 }))));
    act(() => screen.getByRole('button', { name: 'Build again' }).click());
    expect(await screen.findByRole('heading', { name: 'Build #3' })).toBeInTheDocument();
    expect(requests('/v1/shops/ada-shop/builds/2/retry')).toHaveLength(1);
    expect(screen.getByText('Position 2 in the queue')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel build' })).toBeInTheDocument();
  });

  it('lists earlier builds; expanded, a succeeded one shows its files and the web app', async () => {
    builds = [failedBuild, succeededBuild];
    renderWithQueries(<BuildsPanel alias="ada-shop" canManage onTakeLive={null} />);
    const earlier = await screen.findByRole('button', { name: /Build #1/ });
    fireEvent.click(earlier);
    const download = await screen.findByRole('link', { name: 'Download Installable web app (zip)' });
    expect(download).toHaveAttribute('download', 'ada-shop-web.zip');
    expect(screen.getByText(/1\.4 MB/)).toBeInTheDocument();
    const open = screen.getByRole('link', { name: 'Open the web app' });
    expect(open).toHaveAttribute('target', '_blank');
    expect(open.getAttribute('href')).toMatch(/^http.*\/shops\/ada-shop\/app\/$/);
    expect(screen.getByRole('button', { name: 'Send new links' })).toBeInTheDocument();
  });

  it('offers Take the app live after a success while the plan is paused; a viewer sees no buttons', async () => {
    builds = [succeededBuild];
    const takeLive = vi.fn(() => Promise.resolve());
    const { unmount } = renderWithQueries(<BuildsPanel alias="ada-shop" canManage onTakeLive={takeLive} />);
    const button = await screen.findByRole('button', { name: 'Take the app live' });
    await act(async () => button.click());
    await waitFor(() => expect(takeLive).toHaveBeenCalledTimes(1));
    unmount();

    renderWithQueries(<BuildsPanel alias="ada-shop" canManage={false} onTakeLive={null} />);
    expect(await screen.findByRole('heading', { name: 'Build #1' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the web app' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Send new links|Build again|Cancel build|Take the app live|Rebuild/ })).not.toBeInTheDocument();
  });
});

const PLANS = [
  { id: 1, planCode: 'starter', name: 'Starter', amount: 2500, currencyCode: 'USD', description: '' },
  { id: 2, planCode: 'growth', name: 'Growth', amount: 5000, currencyCode: 'USD', description: '' },
];

describe('OrderAppDialog', () => {
  it('creates the plan once, then orders with one Idempotency-Key per opening, showing the server’s refusal inside', async () => {
    builds = [];
    const onSubscribe = vi.fn(() => Promise.resolve({} as Subscription));
    const onClose = vi.fn();
    const onOrdered = vi.fn();
    let answers = 0;
    fetchMock.mockImplementation((input, init) => {
      const url = String(input);
      if (url.startsWith('/v1/engine/releases')) return Promise.resolve(ok(RELEASES));
      if (url.startsWith('/v1/shops/ada-shop/builds') && init?.method === 'POST')
        return Promise.resolve(
          (answers += 1) === 1 ? json(409, { message: BUILD_MESSAGES.alreadyBuilding }) : json(200, { message: BUILD_MESSAGES.ordered, data: sampleBuild() }),
        );
      return Promise.resolve(json(404, { message: 'Not found' }));
    });
    renderWithQueries(
      <OrderAppDialog
        open
        alias="ada-shop"
        billing={{ plans: PLANS, subscription: null, card: 'Visa •••• 4242', onSubscribe }}
        onClose={onClose}
        onOrdered={onOrdered}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Order app' });
    expect(within(dialog).getByText('Visa •••• 4242')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('radio', { name: /Growth/ }));
    expect(await within(dialog).findByRole('combobox', { name: 'Engine release' })).toHaveTextContent('1.3.0 (newest)');

    act(() => within(dialog).getByRole('button', { name: 'Confirm order' }).click());
    expect(await within(dialog).findByText(BUILD_MESSAGES.alreadyBuilding)).toBeInTheDocument();
    expect(onSubscribe).toHaveBeenCalledWith('growth');

    act(() => within(dialog).getByRole('button', { name: 'Confirm order' }).click());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSubscribe).toHaveBeenCalledTimes(1);
    expect(onOrdered).toHaveBeenCalled();
    const posts = requests('/v1/shops/ada-shop/builds');
    expect(posts).toHaveLength(2);
    const keys = posts.map(([, init]) => (init?.headers as Record<string, string>)[IDEMPOTENCY_HEADER]);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    expect(JSON.parse(String(posts[0]?.[1]?.body))).toEqual({ releaseId: 3 });
  });
});
