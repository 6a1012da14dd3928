/** What other modules may use of the templates: a template's realtime documents, the visibility check, and a template shop's cleanup. */
export { readTemplateNode, requireVisibleTemplate, templateRoom } from './documents';
export { isTemplateShop, removeTemplate } from './service';
