import { createFileRoute } from '@tanstack/react-router';
import { ShopSetupPage } from '@/features/shops/components/ShopSetupPage';

export const Route = createFileRoute('/new-app/setup')({
  component: ShopSetupPage,
});
