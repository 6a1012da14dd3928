import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeOverPage } from '@/app/early-tap';

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
  document.documentElement.removeAttribute('data-hydrated');
});

/** A button as React leaves it once hydrated: its props kept on the element. */
function hydrate(button: HTMLButtonElement): void {
  Object.assign(button, { __reactProps$test: {} });
}

function tappedButton(): { button: HTMLButtonElement; pressed: ReturnType<typeof vi.fn> } {
  const button = document.createElement('button');
  const pressed = vi.fn();
  button.addEventListener('click', pressed);
  document.body.append(button);
  window.__earlyTap = button;
  return { button, pressed };
}

describe('takeOverPage', () => {
  it('marks the document and presses again the button tapped before the scripts ran, once', () => {
    const { button, pressed } = tappedButton();
    hydrate(button);

    takeOverPage();
    takeOverPage();

    expect(document.documentElement.hasAttribute('data-hydrated')).toBe(true);
    expect(pressed).toHaveBeenCalledTimes(1);
    expect(window.__earlyTap).toBeUndefined();
  });

  it('waits until React owns the button (hydration runs part by part), then presses it', () => {
    vi.useFakeTimers();
    const { button, pressed } = tappedButton();

    takeOverPage();
    vi.advanceTimersByTime(100);
    expect(pressed).not.toHaveBeenCalled();

    hydrate(button);
    vi.advanceTimersByTime(20);
    expect(pressed).toHaveBeenCalledTimes(1);
  });

  it('leaves a button React replaced (no longer in the document) alone', () => {
    const { button, pressed } = tappedButton();
    hydrate(button);
    button.remove();

    takeOverPage();

    expect(pressed).not.toHaveBeenCalled();
  });
});
