import { act, render, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import Dialog from '@mui/material/Dialog';
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
  vi.unstubAllGlobals();
});

/** A browser whose viewport matches `query`-style media queries as a phone (below 600 px) would. */
function phoneScreen() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width:599.95px'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
  }));
}

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

  it("on a phone, sits at the bottom, clear of the nav bar and of a dialog's title, tabs and close button", async () => {
    phoneScreen();
    render(
      <ToastProvider>
        <Toast message="Invalid Credentials" variant="error" />
      </ToastProvider>,
    );
    const container = (await screen.findByText('Invalid Credentials')).closest<HTMLElement>('.notistack-SnackbarContainer')!;
    const position = getComputedStyle(container);
    expect([position.top, position.bottom]).toEqual(['auto', '14px']);
  });

  it('renders outside #root and is still announced while a dialog hides the rest of the page', async () => {
    const root = document.createElement('div');
    root.id = 'root';
    document.body.append(root);
    try {
      render(
        <ToastProvider>
          <Dialog open aria-label="Welcome">
            <button type="button">Login</button>
          </Dialog>
          <Toast message="Invalid email or password" variant="error" />
        </ToastProvider>,
        { container: root },
      );
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Invalid email or password');
      expect(root.contains(alert)).toBe(false);
      // The modal manager hides every other child of <body>; the toasts' node takes that back.
      await waitFor(() => expect(alert.closest('[aria-hidden="true"]')).toBeNull());
      expect(root).toHaveAttribute('aria-hidden', 'true');
      expect(within(alert).getByRole('button', { name: 'Dismiss' })).toBeInTheDocument();
    } finally {
      root.remove();
    }
  });
});
