/**
 * Where the phone cuts texts and how many columns its grids have (spec section 9).
 */
import { CONSTANTS } from '@contract/constants';
import type { AppTemplateTheme } from '@contract/design/schemas';

/** Cut at `max` characters, with an ellipsis when anything was cut. */
function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}

export const shopNameInToolbar = (name: string) => truncate(name, CONSTANTS.shopNameTruncation);
export const measurementTitle = (template: AppTemplateTheme, title: string) => truncate(title, CONSTANTS.titleTruncation[template]);
/** Only template_c shows a description under the title (cut at 25). */
export const measurementDescription = (template: AppTemplateTheme, text: string) =>
  template === 'template_c' ? truncate(text, CONSTANTS.descriptionTruncationTemplateC) : undefined;
export const cartText = (text: string) => truncate(text, CONSTANTS.cartItemTruncation);
export const homeCategoryTitle = (theme: string, name: string) => (theme === 'theme_e' ? truncate(name, CONSTANTS.themeECategoryTitle) : name);
/** Category grid: theme_b one column, the others two. */
export const categoryColumns = (theme: string) => (theme === 'theme_b' ? 1 : 2);
/** Side menu: theme_a a 2-column grid, theme_b and theme_c lists. */
export const sideMenuColumns = (theme: string) => (theme === 'theme_a' ? 2 : 1);
