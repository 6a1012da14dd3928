/**
 * The page-view analytics event (spec section 7, "A page-view analytics event is sent on the
 * homepage"): Firebase Analytics when VITE_FIREBASE_CONFIG names a measurementId; otherwise
 * nothing is sent and nothing leaves the machine. Firebase loads only then, after the page.
 */
interface PageView {
  page_path: string;
  page_title: string;
  page_location?: string;
}

let analytics: Promise<((event: PageView) => void) | null> | undefined;

function firebaseOptions(): Record<string, string> | null {
  const raw = import.meta.env.VITE_FIREBASE_CONFIG as string | undefined;
  if (!raw) return null;
  try {
    const options = JSON.parse(raw) as Record<string, string>;
    return options.measurementId ? options : null;
  } catch {
    return null;
  }
}

/** Whether page views are sent anywhere (only with a Firebase measurementId configured). */
function analyticsConfigured(): boolean {
  return firebaseOptions() !== null;
}

async function loadSender(): Promise<((event: PageView) => void) | null> {
  const options = firebaseOptions();
  if (!options) return null;
  const { vapidKey: _vapidKey, ...appOptions } = options;
  void _vapidKey;
  const [{ initializeApp }, { getAnalytics, isSupported, logEvent }] = await Promise.all([import('firebase/app'), import('firebase/analytics')]);
  if (!(await isSupported())) return null;
  const instance = getAnalytics(initializeApp(appOptions, 'portal-analytics'));
  return (event) => logEvent(instance, 'page_view', event);
}

/** Sends one page view (no-op without Firebase Analytics); failures are only logged. */
export function trackPageView(event: PageView): void {
  if (!analyticsConfigured()) return;
  analytics ??= loadSender().catch((error: unknown) => {
    console.warn('analytics unavailable', error);
    return null;
  });
  void analytics.then((send) => send?.(event));
}
