/**
 * The sample catalogue (server/src/db/sample-catalogue) against spec sections 3 and 9: fixed
 * super-category ids in spec order, unique ids, sample price and quantity, ratings out of 5,
 * 46 backgrounds, and every picture present under public/ within 30 KB.
 */
import { closeSync, openSync, readSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONSTANTS, SAMPLE_SUPER_CATEGORIES } from '@contract/constants';
import { BACKGROUND_IMAGES_WITH_URLS, SAMPLE_CATALOGUE_WITH_URLS } from '../../server/src/db/sample-catalogue/with-urls';
import { BACKGROUND_IMAGES, SAMPLE_CATALOGUE } from '../../server/src/db/sample-catalogue/data';
import { SAMPLE_IMAGE_URLS, imageUrl } from '../../server/src/db/sample-catalogue/images';

const PUBLIC_DIR = fileURLToPath(new URL('../../public/', import.meta.url));
const MAX_BYTES = 30 * 1024;

const categories = SAMPLE_CATALOGUE.flatMap((s) => s.categories);
const products = SAMPLE_CATALOGUE.flatMap((s) => s.products);
const reviews = products.flatMap((p) => p.reviews);
const slides = SAMPLE_CATALOGUE.flatMap((s) => s.slides);
const categoryBackgrounds = SAMPLE_CATALOGUE.flatMap((s) => s.categoryBackgrounds);

/** Every image key the data references. */
const imageKeys = [
  ...categories.flatMap((c) => [c.icon, ...c.imageList]),
  ...products.map((p) => p.image),
  ...slides.map((s) => s.image),
  ...categoryBackgrounds.map((b) => b.image),
  ...BACKGROUND_IMAGES.map((b) => b.image),
];

function duplicates(values: readonly (number | string)[]): Array<number | string> {
  return values.filter((value, index) => values.indexOf(value) !== index);
}

describe('sample super-categories', () => {
  it('are the 11 of the spec, ids 1 to 11 in its order', () => {
    expect(SAMPLE_CATALOGUE.map((s) => s.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(SAMPLE_CATALOGUE.map((s) => s.name)).toEqual([...SAMPLE_SUPER_CATEGORIES]);
    for (const s of SAMPLE_CATALOGUE) expect(s.slug).toBe(s.name.replace(/ /g, '-'));
  });

  it('each have 5 to 8 categories with an icon and 2 or 3 pictures', () => {
    for (const s of SAMPLE_CATALOGUE) {
      expect(s.categories.length, s.name).toBeGreaterThanOrEqual(5);
      expect(s.categories.length, s.name).toBeLessThanOrEqual(8);
      for (const c of s.categories) {
        expect(c.name.trim(), `category ${c.id}`).not.toBe('');
        expect(c.icon).toMatch(/^categories\//);
        expect(c.imageList.length, c.name).toBeGreaterThanOrEqual(2);
        expect(c.imageList.length, c.name).toBeLessThanOrEqual(3);
      }
    }
  });

  it(`each have at least ${CONSTANTS.sampleProductsPerSuperCategory} products, each in one of their own categories`, () => {
    for (const s of SAMPLE_CATALOGUE) {
      expect(s.products.length, s.name).toBeGreaterThanOrEqual(CONSTANTS.sampleProductsPerSuperCategory);
      const own = new Set(s.categories.map((c) => c.id));
      for (const p of s.products) expect(own.has(p.categoryId), `${p.name} (category ${p.categoryId}) in ${s.name}`).toBe(true);
      // Every category shows at least one product.
      for (const c of s.categories)
        expect(
          s.products.some((p) => p.categoryId === c.id),
          `${s.name}/${c.name}`,
        ).toBe(true);
    }
  });

  it('each have 3 or 4 slides and 2 or 3 category backgrounds of their own', () => {
    for (const s of SAMPLE_CATALOGUE) {
      expect(s.slides.length, s.name).toBeGreaterThanOrEqual(3);
      expect(s.slides.length, s.name).toBeLessThanOrEqual(4);
      expect(s.categoryBackgrounds.length, s.name).toBeGreaterThanOrEqual(2);
      expect(s.categoryBackgrounds.length, s.name).toBeLessThanOrEqual(3);
      for (const slide of s.slides) {
        expect(slide.superCategoryId).toBe(s.id);
        expect(slide.title.trim()).not.toBe('');
        expect(slide.subtitle.trim()).not.toBe('');
      }
      for (const background of s.categoryBackgrounds) expect(background.superCategoryId).toBe(s.id);
    }
  });
});

describe('ids', () => {
  it('are unique per kind', () => {
    expect(duplicates(categories.map((c) => c.id))).toEqual([]);
    expect(duplicates(products.map((p) => p.id))).toEqual([]);
    expect(duplicates(reviews.map((r) => r.id))).toEqual([]);
    expect(duplicates(slides.map((s) => s.id))).toEqual([]);
    expect(duplicates(categoryBackgrounds.map((b) => b.id))).toEqual([]);
    expect(duplicates(BACKGROUND_IMAGES.map((b) => b.id))).toEqual([]);
  });

  it('are positive integers', () => {
    for (const id of [...categories, ...products, ...reviews, ...slides, ...categoryBackgrounds, ...BACKGROUND_IMAGES].map((x) => x.id)) {
      expect(Number.isSafeInteger(id) && id > 0, String(id)).toBe(true);
    }
  });
});

describe('products', () => {
  it(`cost the sample price ${CONSTANTS.samplePrice} with quantity ${CONSTANTS.sampleQuantity}; the struck-through price is price + 70 or + 50`, () => {
    for (const p of products) {
      expect(p.price, p.name).toBe(CONSTANTS.samplePrice);
      expect(p.quantity, p.name).toBe(CONSTANTS.sampleQuantity);
      expect([p.price + 70, p.price + 50], p.name).toContain(p.maxPrice);
    }
  });

  it('have a name, a longer title, a short description within 60 characters and a description', () => {
    for (const p of products) {
      expect(p.name.trim(), String(p.id)).not.toBe('');
      expect(p.title.length, p.name).toBeGreaterThan(p.name.length);
      expect(p.short_description.length, p.name).toBeGreaterThan(0);
      expect(p.short_description.length, p.name).toBeLessThanOrEqual(60);
      expect(p.description.length, p.name).toBeGreaterThan(p.short_description.length);
      expect(`${p.title} ${p.description}`, p.name).not.toMatch(/lorem|ipsum/i);
    }
    expect(duplicates(products.map((p) => p.name))).toEqual([]);
  });

  it('offer sizes S, M, L, XL when they have sizes', () => {
    const sized = products.filter((p) => p.sizes !== undefined);
    expect(sized.length).toBeGreaterThan(0);
    for (const p of sized) expect(p.sizes, p.name).toEqual(['S', 'M', 'L', 'XL']);
  });

  it(`have 2 to 4 reviews rated 1 to ${CONSTANTS.ratingStars} stars, dated in 2026`, () => {
    for (const p of products) {
      expect(p.reviews.length, p.name).toBeGreaterThanOrEqual(2);
      expect(p.reviews.length, p.name).toBeLessThanOrEqual(4);
      for (const r of p.reviews) {
        expect(Number.isInteger(r.stars) && r.stars >= 1 && r.stars <= CONSTANTS.ratingStars, `${p.name}: ${r.stars}`).toBe(true);
        expect(r.date, p.name).toMatch(/^2026-\d\d-\d\d$/);
        expect(new Date(`${r.date}T00:00:00Z`).toISOString().slice(0, 10), p.name).toBe(r.date);
        expect(r.person, p.name).toMatch(/^\p{Lu}\p{Ll}+ \p{Lu}\.$/u);
        expect(r.description.trim(), p.name).not.toBe('');
      }
    }
  });
});

describe('background images', () => {
  it(`are exactly ${CONSTANTS.backgroundImagesCount}, ids 1 to ${CONSTANTS.backgroundImagesCount}, with unique kebab-case names`, () => {
    expect(BACKGROUND_IMAGES).toHaveLength(CONSTANTS.backgroundImagesCount);
    expect(BACKGROUND_IMAGES.map((b) => b.id)).toEqual(Array.from({ length: CONSTANTS.backgroundImagesCount }, (_, i) => i + 1));
    expect(duplicates(BACKGROUND_IMAGES.map((b) => b.name))).toEqual([]);
    for (const b of BACKGROUND_IMAGES) expect(b.name).toMatch(/^[a-z]+(-[a-z]+)+$/);
  });
});

describe('pictures', () => {
  it('every referenced image key is used once and resolves to a hashed WebP URL under /catalogue/', () => {
    expect(duplicates(imageKeys)).toEqual([]);
    for (const key of imageKeys) {
      const [kind, slug] = key.split('/');
      expect(imageUrl(key)).toMatch(new RegExp(`^/catalogue/${kind}/${slug}\\.[0-9a-f]{8}\\.webp$`));
    }
    expect(() => imageUrl('products/no-such-picture')).toThrow(/make-sample-catalogue/);
  });

  it('images.json maps exactly the referenced keys', () => {
    expect(Object.keys(SAMPLE_IMAGE_URLS).sort()).toEqual([...imageKeys].sort());
  });

  it('every picture exists under public/, is a WebP file and weighs at most 30 KB', () => {
    for (const key of imageKeys) {
      const file = path.join(PUBLIC_DIR, imageUrl(key));
      const { size } = statSync(file);
      expect(size, key).toBeGreaterThan(0);
      expect(size, key).toBeLessThanOrEqual(MAX_BYTES);
      const head = Buffer.alloc(12);
      const fd = openSync(file, 'r');
      try {
        readSync(fd, head, 0, 12, 0);
      } finally {
        closeSync(fd);
      }
      expect(head.toString('latin1', 0, 4) + head.toString('latin1', 8, 12), key).toBe('RIFFWEBP');
    }
  });

  it('public/catalogue holds no file that images.json does not name (no leftovers of a previous run)', () => {
    const onDisk = readdirSync(path.join(PUBLIC_DIR, 'catalogue'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${path.relative(PUBLIC_DIR, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`)
      .sort();
    expect(onDisk).toEqual(Object.values(SAMPLE_IMAGE_URLS).sort());
  });

  it('the served catalogue carries the URLs in place of the keys', () => {
    const electronics = SAMPLE_CATALOGUE_WITH_URLS[0];
    expect(electronics?.products[0]?.image).toBe(imageUrl(SAMPLE_CATALOGUE[0]?.products[0]?.image ?? ''));
    const everyUrl = [
      ...SAMPLE_CATALOGUE_WITH_URLS.flatMap((s) => [
        ...s.categories.flatMap((c) => [c.icon, ...c.imageList]),
        ...s.products.map((p) => p.image),
        ...s.slides.map((slide) => slide.image),
        ...s.categoryBackgrounds.map((b) => b.image),
      ]),
      ...BACKGROUND_IMAGES_WITH_URLS.map((b) => b.image),
    ];
    expect(everyUrl).toHaveLength(imageKeys.length);
    for (const url of everyUrl) expect(url).toMatch(/^\/catalogue\/[a-z-]+\/[a-z0-9-]+\.[0-9a-f]{8}\.webp$/);
  });
});
