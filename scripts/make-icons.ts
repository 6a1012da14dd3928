/**
 * Draws the ShopApp Studio logo (a phone holding a shopping bag) and writes every icon the
 * portal ships: public/favicon.svg, public/favicon.ico and the PNGs under public/icons/.
 * Renders with the system Chromium (never downloads a browser):
 *   npx tsx scripts/make-icons.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const PUBLIC_DIR = fileURLToPath(new URL('../public/', import.meta.url));
/** The theme's primary colour (src/app/theme.ts) and the manifest's theme_color. */
const BRAND_BLUE = '#1B4DFF';

/** The mark on a 512 box: white phone, blue bag with handle, speaker slot and home dot. */
const MARK = `
  <rect x="148" y="64" width="216" height="384" rx="40" fill="#FFFFFF"/>
  <rect x="226" y="86" width="60" height="12" rx="6" fill="${BRAND_BLUE}" opacity="0.3"/>
  <path d="M218 216v-22a38 38 0 0 1 76 0v22" fill="none" stroke="${BRAND_BLUE}" stroke-width="16" stroke-linecap="round"/>
  <path d="M190 206h132l-10 150a20 20 0 0 1-20 18h-72a20 20 0 0 1-20-18z" fill="${BRAND_BLUE}"/>
  <circle cx="256" cy="412" r="12" fill="${BRAND_BLUE}" opacity="0.3"/>`;

interface LogoOptions {
  /** Square background without rounded corners (maskable and Apple icons are cropped by the OS). */
  fullBleed: boolean;
  /** Scale of the mark around the centre. */
  scale: number;
}

function logoSvg({ fullBleed, scale }: LogoOptions): string {
  const corner = fullBleed ? '' : ' rx="112"';
  const mark = scale === 1 ? MARK : `<g transform="translate(256 256) scale(${scale}) translate(-256 -256)">${MARK}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <title>ShopApp Studio</title>
  <rect width="512" height="512"${corner} fill="${BRAND_BLUE}"/>${mark}
</svg>
`;
}

const ROUNDED = logoSvg({ fullBleed: false, scale: 1 });
// The phone's far corner sits 220 px from the centre; 0.8 brings it inside the maskable
// safe zone (a circle of 40% of the size = 204.8 px).
const MASKABLE = logoSvg({ fullBleed: true, scale: 0.8 });
const APPLE = logoSvg({ fullBleed: true, scale: 0.9 });

/**
 * An ICO holding PNG images (valid since Windows Vista and in every browser): a 6-byte
 * ICONDIR, one 16-byte ICONDIRENTRY per image, then the PNG bytes.
 */
function pngIco(images: ReadonlyArray<{ size: number; png: Buffer }>): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type 1 = icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(size >= 256 ? 0 : size, entry); // 0 means 256
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt8(0, entry + 2); // no palette
    header.writeUInt8(0, entry + 3); // reserved
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.png)]);
}

async function main(): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const page = await browser.newPage({ deviceScaleFactor: 1 });

  async function render(svg: string, size: number): Promise<Buffer> {
    await page.setViewportSize({ width: size, height: size });
    const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(`<body style="margin:0"><img src="${src}" width="${size}" height="${size}" style="display:block"></body>`);
    // Typed by hand: scripts compile without the DOM library.
    await page.locator('img').evaluate((img) => (img as unknown as { decode(): Promise<void> }).decode());
    // Transparent outside the rounded corners.
    return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
  }

  try {
    mkdirSync(`${PUBLIC_DIR}icons`, { recursive: true });
    writeFileSync(`${PUBLIC_DIR}favicon.svg`, ROUNDED);
    const outputs: Array<[string, string, number]> = [
      ['icons/icon-192.png', ROUNDED, 192],
      ['icons/icon-512.png', ROUNDED, 512],
      ['icons/maskable-512.png', MASKABLE, 512],
      ['icons/apple-touch-icon.png', APPLE, 180],
    ];
    for (const [file, svg, size] of outputs) {
      writeFileSync(`${PUBLIC_DIR}${file}`, await render(svg, size));
      console.log(`wrote public/${file} (${size}x${size})`);
    }
    const icoImages = [];
    for (const size of [16, 32, 48]) icoImages.push({ size, png: await render(ROUNDED, size) });
    writeFileSync(`${PUBLIC_DIR}favicon.ico`, pngIco(icoImages));
    console.log('wrote public/favicon.ico (16, 32, 48) and public/favicon.svg');
  } finally {
    await browser.close();
  }
}

await main();
