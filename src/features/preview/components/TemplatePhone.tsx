/**
 * A template preview card's phone (lazy, with the Creation parser): the stored design parsed
 * tolerantly (a damaged part shows its defaults), framed.
 */
import { useMemo } from 'react';
import { parseCreationTolerant } from '@contract/design/schemas-tolerant';
import type { Screen } from '../screens';
import PhonePreview from './PhonePreview';

export default function TemplatePhone({ design, screen, onScreenChange }: { design: unknown; screen: Screen; onScreenChange: (screen: Screen) => void }) {
  const creation = useMemo(() => parseCreationTolerant(design), [design]);
  return <PhonePreview creation={creation} screen={screen} onScreenChange={onScreenChange} framed />;
}
