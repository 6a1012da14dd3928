/** The homepage's templates slider with the preview card composed in (loaded lazily by the / route). */
import { TemplatesSlider } from '@/features/templates/components/TemplatesSlider';
import { TemplateCard } from './TemplateCard';

export default function HomeTemplatesSlider() {
  return <TemplatesSlider renderCard={(template) => <TemplateCard template={template} />} />;
}
