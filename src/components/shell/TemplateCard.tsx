/**
 * A template's preview card as the gallery, the homepage slider and the template pages show it
 * (issue #11): the preview feature's card with Edit only for an allowed user (spec section 5:
 * a logged-in SOVEREIGN, or the owner of the template's shop). Server-renderable: no window or
 * document during render; the phone preview loads when the card scrolls into view.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { canEditTemplate } from '@contract/templates/paths';
import type { Template } from '@contract/templates/schemas';
import { previewUrl } from '@/features/design/preview-url';
import { TemplatePreviewCard } from '@/features/preview/components/TemplatePreviewCard';
import { userShopsQueryOptions } from '@/features/shops/api/get-user-shops';
import { useSession } from '@/lib/session/session';

/** The aliases of the signed-in user's shops (none when logged out). */
function useOwnedShopAliases(): string[] {
  const { user } = useSession();
  const shops = useQuery({ ...userShopsQueryOptions(user?.id ?? 0), enabled: Boolean(user) });
  return useMemo(() => (shops.data ?? []).map((shop) => shop.alias), [shops.data]);
}

/** Spec section 5's edit rule for the signed-in user, as a function of the template. */
export function useTemplateEditRule(): (template: Pick<Template, 'data'>) => boolean {
  const { user } = useSession();
  const owned = useOwnedShopAliases();
  return (template) => canEditTemplate(user, template.data.shop.alias, owned);
}

export function useCanEditTemplate(template: Pick<Template, 'data'> | undefined): boolean {
  const rule = useTemplateEditRule();
  return Boolean(template) && rule(template as Pick<Template, 'data'>);
}

export function TemplateCard({ template, lazy = true, previewPage = 'template' }: { template: Template; lazy?: boolean; previewPage?: 'test' | 'template' }) {
  const canEdit = useCanEditTemplate(template);
  // A path: the Live Test dialog puts it on the origin a phone reaches.
  const liveTestUrl = previewUrl('', { templateId: template.data.shop.alias, templateCategory: template.category });
  return (
    <TemplatePreviewCard
      templateId={template.templateId}
      liveTestUrl={liveTestUrl}
      name={template.name}
      design={template.creation}
      designComplete={template.creationComplete === true}
      canEdit={canEdit}
      lazyPreview={lazy}
      previewPage={previewPage}
    />
  );
}
