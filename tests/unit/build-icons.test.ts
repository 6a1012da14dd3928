/** The build's app icons (issue 31): sizes read back from the PNGs, and the logos that are refused. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeIcons } from '../../server/src/modules/builds/artifacts/icons';
import { ArtifactInputError, type IconSet } from '../../server/src/modules/builds/artifacts/types';

const COLOURS = { background: '#4F46E5FF', splashBackground: '#F59E0BFF' };
const JPEG = new Uint8Array(readFileSync(path.join(process.cwd(), 'tests/fixtures/logo-300x200.jpg')));

/** What other tests upload as a logo: a PNG signature and 64 bytes of 0x01. */
const FAKE_PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array<number>(64).fill(1)]);

function pngLogo(width: number, height: number): Uint8Array {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 2}" fill="#E11D48"/></svg>`;
  return new Uint8Array(new Resvg(svg).render().asPng());
}

/** Width and height from a PNG's IHDR, and its colour type (6: RGBA, 2: RGB). */
function pngHeader(png: Uint8Array) {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(String.fromCharCode(...png.subarray(12, 16))).toBe('IHDR');
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** The RGBA pixel at (x, y) of a PNG. */
function pixel(png: Uint8Array, x: number, y: number): number[] {
  const { pixels, width } = (() => {
    const image = new Resvg(
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${pngHeader(png).width}" height="${pngHeader(png).height}"><image width="100%" height="100%" xlink:href="data:image/png;base64,${Buffer.from(png).toString('base64')}"/></svg>`,
    ).render();
    return { pixels: image.pixels, width: image.width };
  })();
  const at = (y * width + x) * 4;
  return [...pixels.subarray(at, at + 4)];
}

const SIZES: Record<keyof IconSet, [number, number]> = {
  icon192: [192, 192],
  icon512: [512, 512],
  maskable512: [512, 512],
  appleTouch180: [180, 180],
  icon1024: [1024, 1024],
  adaptiveForeground1024: [1024, 1024],
  splash: [1284, 2778],
};

async function refusal(bytes: Uint8Array, contentType: string): Promise<ArtifactInputError> {
  const error = await makeIcons({ bytes, contentType }, COLOURS).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ArtifactInputError);
  expect((error as ArtifactInputError).code).toBe('LOGO_UNREADABLE');
  return error as ArtifactInputError;
}

describe('makeIcons', () => {
  it('makes every icon at its size from a PNG logo', async () => {
    const icons = await makeIcons({ bytes: pngLogo(400, 400), contentType: 'image/png' }, COLOURS);
    for (const [name, [width, height]] of Object.entries(SIZES)) {
      expect(pngHeader(icons[name as keyof IconSet]), name).toEqual({ width, height });
    }
    // The maskable icon is full bleed in the background colour; its centre is the logo.
    expect(pixel(icons.maskable512, 2, 2)).toEqual([0x4f, 0x46, 0xe5, 255]);
    expect(pixel(icons.maskable512, 256, 256)).toEqual([0xe1, 0x1d, 0x48, 255]);
    // The adaptive foreground is transparent around the logo; the splash is the splash colour.
    expect(pixel(icons.adaptiveForeground1024, 5, 5)[3]).toBe(0);
    expect(pixel(icons.splash, 10, 10)).toEqual([0xf5, 0x9e, 0x0b, 255]);
    expect(pixel(icons.splash, 642, 1389)).toEqual([0xe1, 0x1d, 0x48, 255]);
  });

  it('makes icons from a JPEG logo, and from a small one scaled up', async () => {
    const fromJpeg = await makeIcons({ bytes: JPEG, contentType: 'image/jpeg' }, COLOURS);
    expect(pngHeader(fromJpeg.icon512)).toEqual({ width: 512, height: 512 });
    // The JPEG's middle (the gap between its circle and square is white) is drawn: not the background.
    expect(pixel(fromJpeg.icon512, 256, 256).slice(0, 3)).not.toEqual([0x4f, 0x46, 0xe5]);
    const fromTiny = await makeIcons({ bytes: pngLogo(48, 32), contentType: 'image/png' }, COLOURS);
    expect(pngHeader(fromTiny.icon192)).toEqual({ width: 192, height: 192 });
    expect(pixel(fromTiny.icon192, 96, 96)).toEqual([0xe1, 0x1d, 0x48, 255]);
  });

  it('is deterministic', async () => {
    const logo = { bytes: pngLogo(300, 120), contentType: 'image/png' };
    const [a, b] = await Promise.all([makeIcons(logo, COLOURS), makeIcons(logo, COLOURS)]);
    expect(Buffer.from(a.icon512).equals(Buffer.from(b.icon512))).toBe(true);
  });

  it('refuses the fake PNG other tests upload (a signature and no image)', async () => {
    expect((await refusal(FAKE_PNG, 'image/png')).message).toMatch(/cannot be read as an image/);
  });

  it('makes icons from a WebP logo, as the portal’s logo cropper uploads it', async () => {
    const webp = new Uint8Array(
      await sharp(Buffer.from(pngLogo(300, 300)))
        .webp({ quality: 90 })
        .toBuffer(),
    );
    const icons = await makeIcons({ bytes: webp, contentType: 'image/webp' }, COLOURS);
    expect(pngHeader(icons.icon512)).toEqual({ width: 512, height: 512 });
    // The logo's red is in the middle of the icon.
    const [red, green] = pixel(icons.icon512, 256, 256);
    expect(red).toBeGreaterThan(200);
    expect(green).toBeLessThan(80);
  });

  it('refuses an empty file, a damaged WebP, something that is no image, and a PNG whose pixels are damaged', async () => {
    expect((await refusal(new Uint8Array(), 'image/png')).message).toMatch(/empty/);
    const webp = new Uint8Array(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(20)]));
    expect((await refusal(webp, 'image/webp')).message).toMatch(/cannot be read as an image/);
    expect((await refusal(new Uint8Array(Buffer.from('not an image at all')), 'text/plain')).message).toMatch(/cannot be read as an image/);
    // A valid header and size, then nothing where the pixels should be.
    const damaged = pngLogo(200, 200).slice(0, 40);
    expect((await refusal(damaged, 'image/png')).message).toMatch(/cannot be read as an image/);
  });
});
