/** What every part of the phone screen draws from: a pure function of these (PhoneScreen.tsx). */
import type { Creation } from '@contract/design/schemas';
import type { PreviewAction, Selections } from '../phone-state';
import type { SampleData } from '../sample';

export interface PhoneScreenProps {
  creation: Creation;
  sample: SampleData;
  selections: Selections;
  dispatch: (action: PreviewAction) => void;
}
