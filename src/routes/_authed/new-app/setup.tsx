import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import { toast } from '@/lib/toast';
import type { Shop } from '@contract/shops/schemas';
import { adminShopQueryOptions } from '@/features/shops/api/get-admin-shop';
import { ShopSetupPage } from '@/features/shops/components/ShopSetupPage';
import { templateQueryOptions } from '@/features/templates/api/get-template';
import { useApplyTemplate } from '@/features/templates/api/use-template';

/** ?templateId: the new app starts from that template (issue #11, 'Use this template'). Checked by hand (no zod in the initial JS). */
function validateSearch(search: Record<string, unknown>): { templateId?: string } {
  const templateId = search.templateId;
  return typeof templateId === 'string' && /^[a-z0-9][a-z0-9-]{1,59}$/.test(templateId) ? { templateId } : {};
}

export const Route = createFileRoute('/_authed/new-app/setup')({
  validateSearch,
  component: RouteComponent,
});

function RouteComponent() {
  const { user } = Route.useRouteContext();
  const { templateId } = Route.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const template = useQuery({ ...templateQueryOptions(templateId ?? ''), enabled: Boolean(templateId) });
  const apply = useApplyTemplate();

  const onCreated = (shop: Shop) => {
    if (!templateId) return;
    apply.mutate(
      { templateId, alias: shop.alias },
      {
        onSuccess: () => {
          void queryClient.invalidateQueries({ queryKey: adminShopQueryOptions(shop.alias).queryKey });
          void navigate({ to: '/new-app/$alias/design', params: { alias: shop.alias } });
        },
        onError: (error) => {
          toast(error.message, { variant: 'error' });
          void navigate({ to: '/new-app/category-selection', search: { alias: shop.alias } });
        },
      },
    );
  };

  return (
    <ShopSetupPage
      user={user}
      onCreated={templateId ? onCreated : undefined}
      notice={
        templateId && template.data ? (
          <Alert severity="info">
            Your new app starts from the template <strong>{template.data.name}</strong>: set up your business, then adjust the design.
          </Alert>
        ) : null
      }
    />
  );
}
