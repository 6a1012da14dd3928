import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { RouteErrorPage } from '@/components/RouteErrorPage';
import { superCategoriesQueryOptions } from '@/features/catalog/api/get-super-categories';
import { CategorySelectionPage } from '@/features/catalog/components/CategorySelectionPage';
import { CategorySelectionPending } from '@/features/catalog/components/CategorySelectionPending';

export const Route = createFileRoute('/new-app/category-selection')({
  loader: ({ context }) => context.queryClient.ensureQueryData(superCategoriesQueryOptions()),
  pendingComponent: CategorySelectionPending,
  errorComponent: CategorySelectionError,
  component: CategorySelectionPage,
});

function CategorySelectionError(props: ErrorComponentProps) {
  return <RouteErrorPage {...props} title="Choose your categories" />;
}
