/**
 * The installable web app of a shop (issue 31), a composition root of its own: the phone
 * preview's renderer full screen, from the Creation and the sample catalogue the build wrote into
 * the page (contract/builds/web-app.ts), so it makes no API call and opens offline once its
 * service worker (the build's sw.js, next to the page) has installed. Built apart from the portal
 * (scripts/shop-app-build.ts): its JS is React and the phone, no MUI, no router, no zod.
 */
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import './shop-app.css';
import { StrictMode, startTransition, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { SHOP_APP_DATA_ID, type ShopAppData } from '@contract/builds/web-app';
import PhonePreview from '@/features/preview/components/PhonePreview';
import type { Screen } from '@/features/preview/screens';

/** How long the app's own splash screen shows before its home page, when started from the home screen. */
const SPLASH_MS = 1200;

/**
 * The design's splash screen opens the app as an installed app starts (standalone); in a browser
 * tab (a link to the shop) the shop itself shows at once.
 */
const startsWithSplash = () => window.matchMedia('(display-mode: standalone), (display-mode: fullscreen)').matches;

function readData(): ShopAppData | null {
  try {
    return JSON.parse(document.getElementById(SHOP_APP_DATA_ID)?.textContent ?? 'null') as ShopAppData | null;
  } catch {
    return null;
  }
}

function ShopApp({ data }: { data: ShopAppData }) {
  const [screen, setScreen] = useState<Screen>(() => (startsWithSplash() ? 'splash' : 'home-page'));
  useEffect(() => {
    if (screen !== 'splash') return;
    const timer = window.setTimeout(() => setScreen('home-page'), SPLASH_MS);
    return () => window.clearTimeout(timer);
  }, [screen]);
  return <PhonePreview creation={data.creation} sample={data.sample} screen={screen} />;
}

const root = document.getElementById('root') as HTMLElement;
const data = readData();
if (data) {
  // A transition renders in slices that yield to the browser: the first screen's render is no
  // long task that holds a tap back (Lighthouse's total blocking time).
  const reactRoot = createRoot(root);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <ShopApp data={data} />
      </StrictMode>,
    ),
  );
} else {
  root.textContent = 'This app could not be opened: its data is missing.';
}

// The build's service worker precaches every file of the app (it is scoped to the app's folder).
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('./sw.js').catch((error: unknown) => console.warn('The offline copy could not be set up', error));
  });
}
