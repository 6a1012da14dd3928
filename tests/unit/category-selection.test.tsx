/**
 * The category selection page (src/features/catalog/components/CategorySelectionPage.tsx) opened
 * from a cache older than the last save: when the server's selection arrives, choices the merchant
 * has not touched follow it, and the autosave does not send the old selection back.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { CategorySelectionPage, type ShopInterests } from '@/features/catalog/components/CategorySelectionPage';
import { productCategoriesQueryOptions } from '@/features/catalog/api/get-product-categories';
import { superCategoriesQueryOptions } from '@/features/catalog/api/get-super-categories';

const supers = [
  { id: 1, name: 'groceries', image: '/g.webp' },
  { id: 2, name: 'fashion', image: '/f.webp' },
];
const categories = [
  { id: 10, superCategoryId: 2, name: 'Dresses', icon: '/d.svg', imageList: [] },
  { id: 11, superCategoryId: 1, name: 'Rice', icon: '/r.svg', imageList: [] },
];

function renderPage(shop: ShopInterests, save = vi.fn(async () => undefined)) {
  const client = new QueryClient();
  client.setQueryData(superCategoriesQueryOptions().queryKey, supers);
  client.setQueryData(productCategoriesQueryOptions().queryKey, categories);
  const page = (current: ShopInterests) => (
    <QueryClientProvider client={client}>
      <CategorySelectionPage shop={current} save={save} saving={false} onContinue={async () => {}} />
    </QueryClientProvider>
  );
  const view = render(page(shop));
  return { save, update: (next: ShopInterests) => view.rerender(page(next)) };
}

const pressed = (name: string) => screen.getByRole('button', { name }).getAttribute('aria-pressed');
const stale: ShopInterests = { name: 'Chioma Fabrics', superCategoriesOfInterest: [], categoriesOfInterest: [] };
const saved: ShopInterests = { name: 'Chioma Fabrics', superCategoriesOfInterest: [2], categoriesOfInterest: [10] };

describe('category selection opened from an older cache', () => {
  it("follows the server's selection when it arrives, and saves nothing", async () => {
    vi.useFakeTimers();
    try {
      const { save, update } = renderPage(stale);
      expect(pressed('Fashion')).toBe('false');
      update(saved);
      expect(pressed('Fashion')).toBe('true');
      expect(pressed('Dresses')).toBe('true');
      await act(async () => vi.advanceTimersByTimeAsync(2000));
      expect(save).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps what the merchant chose meanwhile, and saves it', async () => {
    vi.useFakeTimers();
    try {
      const { save, update } = renderPage(stale);
      fireEvent.click(screen.getByRole('button', { name: 'Groceries' }));
      update(saved);
      expect(pressed('Groceries')).toBe('true');
      expect(pressed('Fashion')).toBe('false');
      await act(async () => vi.advanceTimersByTimeAsync(2000));
      expect(save).toHaveBeenCalledWith({ superCategoriesOfInterest: [1], categoriesOfInterest: [] });
    } finally {
      vi.useRealTimers();
    }
  });
});
