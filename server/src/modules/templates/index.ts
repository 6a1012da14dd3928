/** What other modules may use of the templates: a template's realtime documents, the visibility check, and a template shop's cleanup. */
export { isTemplateShop, readTemplateNode, removeTemplate, requireVisibleTemplate, templateRoom } from './service';
