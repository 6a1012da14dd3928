import { PageLayout } from '@/components/PageLayout';

export function DesignPage({ alias }: { alias: string }) {
  return <PageLayout title="Design your app" lead={`Style the splash screen, login, home page, categories, product pages, cart, chat, checkout and order history of ${alias}.`} />;
}
