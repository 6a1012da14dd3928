/**
 * Save rules (spec section 5): an app configuration needs an alias and a version, a template a
 * category and a template id; otherwise 'Error saving configuration' (spec section 8).
 */
import { designPath } from '@contract/design/realtime';

export const SAVE_ERROR = 'Error saving configuration';

export class SaveDesignError extends Error {
  constructor() {
    super(SAVE_ERROR);
    this.name = 'SaveDesignError';
  }
}

interface AppConfigTarget {
  alias: string | null | undefined;
  version: number | null | undefined;
}

interface TemplateTarget {
  category: string | null | undefined;
  templateId: string | null | undefined;
}

const present = (value: string | null | undefined) => typeof value === 'string' && value.trim() !== '';
const isVersion = (value: number | null | undefined) => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** The realtime path of an app's config, or SaveDesignError when alias or version is missing. */
export function appConfigPath({ alias, version }: AppConfigTarget): string {
  if (!present(alias) || !isVersion(version)) throw new SaveDesignError();
  return designPath(alias as string, version as number);
}

/** Throws SaveDesignError when a template lacks its category or id. */
export function checkTemplateTarget({ category, templateId }: TemplateTarget): void {
  if (!present(category) || !present(templateId)) throw new SaveDesignError();
}
