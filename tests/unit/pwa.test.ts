import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Handler = (event: { isUpdate?: boolean }) => void;

const fake = vi.hoisted(() => {
  class FakeWorkbox {
    static instances: FakeWorkbox[] = [];
    static registerFailure: Error | undefined;
    readonly handlers = new Map<string, Handler[]>();
    readonly register = vi.fn(() => (FakeWorkbox.registerFailure ? Promise.reject(FakeWorkbox.registerFailure) : Promise.resolve(undefined)));
    readonly messageSkipWaiting = vi.fn();
    readonly update = vi.fn(() => Promise.resolve());
    constructor(
      readonly scriptUrl: string,
      readonly options: unknown,
    ) {
      FakeWorkbox.instances.push(this);
    }
    addEventListener(type: string, handler: Handler): void {
      this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
    }
    fire(type: string, event: { isUpdate?: boolean } = {}): void {
      for (const handler of this.handlers.get(type) ?? []) handler(event);
    }
  }
  return { FakeWorkbox };
});

vi.mock('workbox-window', () => ({ Workbox: fake.FakeWorkbox }));

async function freshPwa() {
  vi.resetModules();
  return import('@/app/pwa');
}

describe('service worker registration', () => {
  beforeEach(() => {
    fake.FakeWorkbox.instances = [];
    fake.FakeWorkbox.registerFailure = undefined;
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
    vi.stubEnv('PROD', true);
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('registers /sw.js at scope / once', async () => {
    const pwa = await freshPwa();
    await pwa.registerServiceWorker();
    await pwa.registerServiceWorker();
    expect(fake.FakeWorkbox.instances).toHaveLength(1);
    const [workbox] = fake.FakeWorkbox.instances;
    expect(workbox?.scriptUrl).toBe('/sw.js');
    expect(workbox?.options).toEqual({ scope: '/' });
    expect(workbox?.register).toHaveBeenCalledTimes(1);
  });

  it('does nothing outside production builds', async () => {
    vi.stubEnv('PROD', false);
    const pwa = await freshPwa();
    pwa.registerServiceWorker();
    expect(fake.FakeWorkbox.instances).toHaveLength(0);
  });

  it('does nothing without service worker support', async () => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    const pwa = await freshPwa();
    pwa.registerServiceWorker();
    expect(fake.FakeWorkbox.instances).toHaveLength(0);
  });

  it('tells late subscribers about a waiting update, and stops after unsubscribe', async () => {
    const pwa = await freshPwa();
    await pwa.registerServiceWorker();
    fake.FakeWorkbox.instances[0]?.fire('waiting');
    const late = vi.fn();
    const stop = pwa.subscribePwa('update-waiting', late);
    expect(late).toHaveBeenCalledTimes(1);
    stop();
    fake.FakeWorkbox.instances[0]?.fire('waiting');
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('applies an update by messaging SKIP_WAITING and reloading once the new worker controls', async () => {
    const pwa = await freshPwa();
    await pwa.registerServiceWorker();
    const [workbox] = fake.FakeWorkbox.instances;
    expect(await pwa.applyUpdate()).toBe(false);
    expect(workbox?.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(workbox?.handlers.get('controlling')).toHaveLength(1);
  });

  it('never activates an update while work is unsaved; it waits until the work is saved', async () => {
    const pwa = await freshPwa();
    const { holdUnsavedWork } = await import('@/lib/unsaved-work');
    await pwa.registerServiceWorker();
    const [workbox] = fake.FakeWorkbox.instances;
    const release = holdUnsavedWork();
    const applying = pwa.applyUpdate();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(workbox?.messageSkipWaiting).not.toHaveBeenCalled();
    release();
    expect(await applying).toBe(true);
    expect(workbox?.messageSkipWaiting).toHaveBeenCalledTimes(1);
  });

  it('checks for a new version when the page comes back into view', async () => {
    const pwa = await freshPwa();
    await pwa.registerServiceWorker();
    const [workbox] = fake.FakeWorkbox.instances;
    document.dispatchEvent(new Event('visibilitychange'));
    expect(workbox?.update).toHaveBeenCalled();
  });

  it('shows the iOS install steps only on iOS outside the installed app', () => {
    return freshPwa().then((pwa) => {
      expect(pwa.needsIosInstallSteps('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', false)).toBe(true);
      expect(pwa.needsIosInstallSteps('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', true)).toBe(false);
      expect(pwa.needsIosInstallSteps('Mozilla/5.0 (X11; Linux x86_64) Chrome/140', undefined)).toBe(false);
    });
  });

  it('only logs a failed registration', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const pwa = await freshPwa();
    fake.FakeWorkbox.registerFailure = new Error('blocked');
    expect(() => pwa.registerServiceWorker()).not.toThrow();
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('Service worker registration failed', fake.FakeWorkbox.registerFailure));
    warn.mockRestore();
  });
});
