/**
 * Writes the manifest's screenshots (public/screenshots/home-{wide,narrow}.png, of the built
 * portal's homepage) and the notification badge (public/icons/badge-72.png: a white bell on
 * transparent, as Android wants a badge). Run after `npm run build`: `npx tsx scripts/pwa-images.ts`.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';

const PORT = Number(process.env.IMAGES_PORT ?? 4499);
const BELL_PATH =
  'M12 22c1.1 0 2-.9 2-2h-4c0 1.1.89 2 2 2m6-6v-5c0-3.07-1.64-5.64-4.5-6.32V4c0-.83-.67-1.5-1.5-1.5s-1.5.67-1.5 1.5v.68C7.63 5.36 6 7.92 6 11v5l-2 2v1h16v-1z';

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-images-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, SKIP_BUILD: '1', LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    for (let tries = 0; ; tries += 1) {
      const up = await fetch(`http://localhost:${PORT}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (tries > 120) throw new Error('server did not start');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    mkdirSync('public/screenshots', { recursive: true });
    for (const [name, viewport] of [
      ['wide', { width: 1280, height: 720 }],
      ['narrow', { width: 540, height: 960 }],
    ] as const) {
      const page = await browser.newPage({ viewport });
      await page.goto(`http://localhost:${PORT}/`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForTimeout(1000);
      await page.screenshot({ path: `public/screenshots/home-${name}.png` });
      await page.close();
    }
    const page = await browser.newPage({ viewport: { width: 72, height: 72 } });
    await page.setContent(
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="72" height="72" style="display:block"><path fill="#FFFFFF" d="${BELL_PATH}"/></svg>`,
    );
    await page.screenshot({ path: 'public/icons/badge-72.png', omitBackground: true });
  } finally {
    await browser.close();
    server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
