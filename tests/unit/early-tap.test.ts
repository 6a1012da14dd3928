import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeOverPage } from '@/app/early-tap';

afterEach(() => {
  document.body.replaceChildren();
  document.documentElement.removeAttribute('data-hydrated');
});

describe('takeOverPage', () => {
  it('marks the document and presses again the button tapped before the scripts ran, once', () => {
    const button = document.createElement('button');
    const pressed = vi.fn();
    button.addEventListener('click', pressed);
    document.body.append(button);
    window.__earlyTap = button;

    takeOverPage();
    takeOverPage();

    expect(document.documentElement.hasAttribute('data-hydrated')).toBe(true);
    expect(pressed).toHaveBeenCalledTimes(1);
    expect(window.__earlyTap).toBeUndefined();
  });

  it('leaves a button React replaced (no longer in the document) alone', () => {
    const gone = document.createElement('button');
    const pressed = vi.fn();
    gone.addEventListener('click', pressed);
    window.__earlyTap = gone;

    takeOverPage();

    expect(pressed).not.toHaveBeenCalled();
  });
});
