/** Templates (issue #11): the limit of 20, the edit permission, the save check and the slider's randomised next slide. */
import { describe, expect, it } from 'vitest';
import { ROLE } from '@contract/constants';
import { canEditTemplate, mayCreateTemplate, templateSaveError } from '@contract/templates/paths';
import { ALL_TEMPLATE_CATEGORIES } from '@contract/templates/schemas';
import { STARTER_TEMPLATES } from '@contract/templates/starters';
import { creationSchema } from '@contract/design/schemas';
import { TEMPLATE_CATEGORIES } from '@contract/constants';
import { nextSlide } from '@/features/templates/model';

describe('the template limit (spec section 5: at most 20 template shops)', () => {
  it('lets a user with 19 create the 20th', () => expect(mayCreateTemplate(19)).toBe(true));
  it('blocks a user at 20: the 21st is refused', () => expect(mayCreateTemplate(20)).toBe(false));
  it('blocks a user past it, at 21', () => expect(mayCreateTemplate(21)).toBe(false));
});

describe('the template edit permission (spec section 5)', () => {
  const merchant = { userroles: [] as { roleId: number }[] };
  const sovereign = { userroles: [{ roleId: ROLE.SOVEREIGN }] };
  it('allows the owner of the template shop', () => expect(canEditTemplate(merchant, 'glow-beauty', ['my-shop', 'glow-beauty'])).toBe(true));
  it('refuses another user', () => expect(canEditTemplate(merchant, 'glow-beauty', ['my-shop'])).toBe(false));
  it('allows a SOVEREIGN for any template', () => expect(canEditTemplate(sovereign, 'glow-beauty', [])).toBe(true));
  it('refuses a logged-out visitor, even holding the alias', () => {
    expect(canEditTemplate(null, 'glow-beauty', ['glow-beauty'])).toBe(false);
    expect(canEditTemplate(undefined, 'glow-beauty', [])).toBe(false);
  });
  it('does not count another role as SOVEREIGN', () => expect(canEditTemplate({ userroles: [{ roleId: 2 }] }, 'glow-beauty', [])).toBe(false));
});

describe('saving a template (spec section 5)', () => {
  it("needs a category and a template id, else 'Error saving configuration'", () => {
    expect(templateSaveError({ templateId: 'a-template', category: 'health_beauty' })).toBeNull();
    expect(templateSaveError({ templateId: 'a-template', category: '' })).toBe('Error saving configuration');
    expect(templateSaveError({ templateId: '', category: 'health_beauty' })).toBe('Error saving configuration');
    expect(templateSaveError({})).toBe('Error saving configuration');
  });
});

describe('starter templates', () => {
  it('are at least three per homepage category and one per other category, each a valid and distinct Creation', () => {
    for (const category of TEMPLATE_CATEGORIES) expect(STARTER_TEMPLATES.filter((t) => t.category === category).length).toBeGreaterThanOrEqual(3);
    for (const category of ALL_TEMPLATE_CATEGORIES) expect(STARTER_TEMPLATES.some((t) => t.category === category)).toBe(true);
    for (const starter of STARTER_TEMPLATES) expect(creationSchema.safeParse(starter.creation).success, starter.templateId).toBe(true);
    const looks = STARTER_TEMPLATES.map((t) => JSON.stringify([t.creation.appTemplate, t.creation.splashScreen?.theme, t.creation.colors?.primary]));
    expect(new Set(looks).size).toBe(STARTER_TEMPLATES.length);
    // Between them they show every splash theme, drawers, bottom bars and all product details bodies.
    expect(new Set(STARTER_TEMPLATES.map((t) => t.creation.splashScreen?.theme)).size).toBe(8);
    expect(STARTER_TEMPLATES.some((t) => t.creation.appTemplate?.hasSideNavBar)).toBe(true);
    expect(STARTER_TEMPLATES.some((t) => t.creation.appTemplate?.hasBottomNavBar)).toBe(true);
    expect(new Set(STARTER_TEMPLATES.map((t) => t.creation.productDetailsBody?.theme)).size).toBe(3);
  });
});

describe('the slider (spec section 9: randomised)', () => {
  it('always moves to another slide, picked at random', () => {
    expect(nextSlide(0, 5, () => 0)).toBe(1);
    expect(nextSlide(0, 5, () => 0.99)).toBe(4);
    expect(nextSlide(4, 5, () => 0)).toBe(0);
    for (let i = 0; i < 50; i += 1) expect(nextSlide(2, 5, Math.random)).not.toBe(2);
    expect(nextSlide(0, 1, Math.random)).toBe(0);
  });
});
