import { PageLayout } from '@/components/PageLayout';

export function CreateTemplatePage() {
  return <PageLayout title="Create a template" lead="Start a new template: choose its category, then style every screen of the app." />;
}
