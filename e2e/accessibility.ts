/** The journeys' automated accessibility check: axe-core on the page as it is on screen now. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.1 A and AA, the level Lighthouse's accessibility score and the design card ask for. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Fails on any axe violation, naming each rule and the elements it found. Colours are checked
 * once the page's finite transitions have ended (a button fading from disabled to enabled has
 * an in-between colour no one reads); endless ones (spinners) are left running.
 */
export async function expectAccessible(page: Page): Promise<void> {
  // A prerendered page changes as React takes it over (a form's button enables, with a transition).
  await page.waitForFunction("document.documentElement.hasAttribute('data-hydrated')", undefined, { timeout: 10_000 }).catch(() => undefined);
  await settle(page);
  let violations = await analyze(page);
  // Hydration runs part by part, so a part can take over (and start its transition) after the
  // first settle; a contrast failure that is only such an in-between colour is gone a moment later.
  if (violations.some(({ id }) => id === 'color-contrast')) {
    await page.waitForTimeout(500);
    await settle(page);
    violations = await analyze(page);
  }
  const found = violations.map(({ id, help, nodes }) => `${id} (${help}): ${nodes.map((node) => `${node.html} ${node.failureSummary ?? ''}`).join('; ')}`);
  expect(found, `accessibility violations on ${page.url()}`).toEqual([]);
}

/** Waits until the page's finite transitions have ended (endless ones, spinners, keep running). */
async function settle(page: Page): Promise<void> {
  // The takeover's last render may commit after the mark, and a transition starts at the style
  // recalculation after its commit: two frames later it is running, or there is none.
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
  await page
    .waitForFunction("document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity)", undefined, {
      timeout: 3000,
    })
    .catch(() => undefined);
}

async function analyze(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return violations;
}
