import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { ToastProvider } from '@/app/ToastProvider';

function Toast({ message, variant, onClose }: { message: string; variant: 'success' | 'error'; onClose?: (reason: string) => void }) {
  useEffect(() => {
    toast(message, { variant, onClose: (_event, reason) => onClose?.(reason) });
  }, [message, variant, onClose]);
  return null;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts (spec section 8: top-right, 6 seconds)', () => {
  it('shows a toast in the top-right corner and closes it after 6000 ms', async () => {
    // notistack is loaded lazily; load it before the clock is faked so the toast can await it.
    await import('@/app/ToastHost');
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(
      <ToastProvider>
        <Toast message="Project created!" variant="success" onClose={onClose} />
      </ToastProvider>,
    );
    await act(() => vi.advanceTimersByTimeAsync(100));
    const toast = screen.getByText('Project created!');
    const container = toast.closest<HTMLElement>('.notistack-SnackbarContainer')!;
    const position = getComputedStyle(container);
    expect([position.top, position.right, position.bottom, position.left]).toEqual(['14px', '20px', 'auto', 'auto']);

    await act(() => vi.advanceTimersByTimeAsync(5800));
    expect(onClose).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(onClose).toHaveBeenCalledWith('timeout');
  });

  it('uses AA-contrast colours for the variants', async () => {
    render(
      <ToastProvider>
        <Toast message="Error creating project" variant="error" />
      </ToastProvider>,
    );
    const toast = await screen.findByText('Error creating project');
    const content = toast.closest('.notistack-MuiContent-error');
    expect(content).not.toBeNull();
    expect(getComputedStyle(content!).backgroundColor).toBe('rgb(179, 38, 30)');
  });
});
