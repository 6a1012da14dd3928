/**
 * The Template entity (spec section 3) and the payloads of the template calls. A template's
 * category is one of the homepage categories or another sample super category.
 */
import { CONSTANTS } from '../constants';
import { ALL_TEMPLATE_CATEGORIES } from './categories';
import { timestamp } from '../response';
import { text } from '../text';
import { z } from '../zod';

export { ALL_TEMPLATE_CATEGORIES, type AnyTemplateCategory, TEMPLATE_CATEGORY_LABELS, TEMPLATE_CATEGORY_SUPER } from './categories';

export const TEMPLATE_LIMITS = { name: 60, tag: 30, tags: 12, templateId: 60 } as const;
const TEMPLATE_ID = /^[a-z0-9][a-z0-9-]{1,59}$/;

export const templateCategorySchema = z.enum(ALL_TEMPLATE_CATEGORIES, { error: 'Choose a template category' });
export const templateIdSchema = z.string().regex(TEMPLATE_ID, 'A template id is 2 to 60 lower-case letters, digits or -');
const flag = z.union([z.literal(0), z.literal(1)]);
const tagSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'A tag cannot be empty')
  .max(TEMPLATE_LIMITS.tag, `A tag has at most ${TEMPLATE_LIMITS.tag} characters`)
  .regex(/^[\p{L}\p{N} &-]+$/u, 'Tags are letters, digits, spaces, & or -');
const tagsSchema = z.array(tagSchema).max(TEMPLATE_LIMITS.tags, `At most ${TEMPLATE_LIMITS.tags} tags`);

/** Spec section 3 Template, as stored at `templates/production/{category}/{templateId}`. */
export const templateDocSchema = z.object({
  templateId: templateIdSchema,
  category: templateCategorySchema,
  name: z.string().min(1).max(TEMPLATE_LIMITS.name),
  isPublished: flag,
  isDefault: flag,
  version: z.number().int().min(0),
  tags: z.array(z.string().max(TEMPLATE_LIMITS.tag)).max(TEMPLATE_LIMITS.tags),
  colors: z.array(z.string().max(20)).max(12),
  images: z.array(z.string().max(2000)).max(12),
  data: z.object({
    shop: z.object({ alias: z.string(), name: z.string(), logo: z.string() }),
    version: z.number().int().min(0),
    configVersion: z.number().int().min(0),
  }),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type TemplateDoc = z.infer<typeof templateDocSchema>;

/**
 * A template as the calls answer it: the entity and its shop's design. `creationComplete: true`:
 * `creation` is the whole Creation, every missing or invalid part replaced by its default (the
 * server parsed it tolerantly), so a card renders it without loading the Creation parser; without
 * it (an answer cached before), the card parses `creation` itself.
 */
export const templateSchema = templateDocSchema.extend({
  creation: z.record(z.string(), z.unknown()),
  creationComplete: z.literal(true).optional(),
});
export type Template = z.infer<typeof templateSchema>;

export const listTemplatesQuery = z.object({
  category: templateCategorySchema.optional(),
  tag: z.string().trim().toLowerCase().max(TEMPLATE_LIMITS.tag).optional(),
});
export type ListTemplatesQuery = z.input<typeof listTemplatesQuery>;

/** POST /v1/templates: a new template, starting from another template's design when named. */
export const createTemplateSchema = z.object({
  name: text({ label: 'Template name', max: TEMPLATE_LIMITS.name, min: 3 }),
  category: templateCategorySchema,
  tags: tagsSchema.default([]),
  fromTemplateId: templateIdSchema.optional(),
});
export type CreateTemplatePayload = z.input<typeof createTemplateSchema>;

/**
 * PUT /v1/templates/{templateId}: category and template id are required ('Error saving
 * configuration' otherwise, checked by the service so the spec's text is the answer).
 */
export const saveTemplateSchema = z.object({
  category: z.string().optional(),
  name: text({ label: 'Template name', max: TEMPLATE_LIMITS.name, min: 3 }).optional(),
  tags: tagsSchema.optional(),
  isPublished: flag.optional(),
  isDefault: flag.optional(),
});
export type SaveTemplatePayload = z.input<typeof saveTemplateSchema>;

export const useTemplateSchema = z.object({ alias: z.string().min(1).max(100) });
export const useTemplateAnswerSchema = z.object({ alias: z.string(), templateId: z.string(), configVersion: z.number().int() });

/** The default flags of a new template (spec section 9). */
export const DEFAULT_TEMPLATE_FLAGS = CONSTANTS.defaultTemplateFlags;
