/**
 * The phone preview as a page or card shows it: the renderer (PhoneScreen) with its state
 * (phone-state.ts reducePreview), the design's sample data, the slideshow's 3000 ms autoplay and an
 * optional phone frame. Loaded lazily: it is its own chunk, never in the homepage's JS.
 */
import '@fontsource/great-vibes/latin-400.css';
import './preview.css';
import { memo, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import { replaceEqualDeep } from '@tanstack/react-query';
import { CONSTANTS } from '@contract/constants';
import type { Creation } from '@contract/design/schemas';
import { useSampleData } from '../api/get-sample-data';
import { initialSelections, reducePreview } from '../phone-state';
import type { SampleData } from '../sample';
import type { Screen } from '../screens';
import { PhoneScreen } from './PhoneScreen';

interface PhonePreviewProps {
  creation: Creation;
  /** The screen to show; changing it (Play, the editor's sections) moves the phone there. */
  screen?: Screen;
  onScreenChange?: (screen: Screen) => void;
  /** Draw a phone around the screen (cards, wide windows) or fill the parent (a phone). */
  framed?: boolean;
  /** Run the slideshow (off for screenshots and benchmarks). */
  autoplay?: boolean;
  /** Sample data given directly (tests, benchmarks) instead of the catalogue calls. */
  sample?: SampleData;
}

export default function PhonePreview(props: PhonePreviewProps) {
  const [loaded, setLoaded] = useState<SampleData | undefined>(undefined);
  const sample = props.sample ?? loaded;
  const loader = props.sample === undefined && (
    <SampleLoader
      superCategoriesOfInterest={props.creation.superCategoriesOfInterest}
      categoriesOfInterest={props.creation.categoriesOfInterest}
      onLoad={setLoaded}
    />
  );
  const screen = sample ? <LivePhone {...props} sample={sample} /> : <PhoneSkeleton />;
  if (!props.framed)
    return (
      <>
        {loader}
        {screen}
      </>
    );
  return (
    <div
      data-testid="phone-frame"
      // Contained (its size comes from its width and aspect ratio, never from the screen inside):
      // a change inside the phone lays out and paints the phone only, not the page around it.
      style={{
        width: 372,
        maxWidth: '100%',
        aspectRatio: '372 / 760',
        padding: 10,
        borderRadius: 48,
        background: '#0E1015',
        boxShadow: '0 0 0 2px #2A2E38, 0 24px 60px rgba(15,18,30,.35)',
        position: 'relative',
        flex: 'none',
        contain: 'strict',
      }}
    >
      <div
        style={{ position: 'absolute', top: 18, left: '50%', width: 96, height: 24, marginLeft: -48, borderRadius: 12, background: '#0E1015', zIndex: 10 }}
      />
      {loader}
      <div style={{ width: '100%', height: '100%', borderRadius: 38, overflow: 'hidden', position: 'relative', transform: 'translateZ(0)' }}>{screen}</div>
    </div>
  );
}

/**
 * The design's sample data, loaded apart from the phone: the interests keep their objects while a
 * design change leaves them alone (the Creation is parsed per group), so an edit does not run the
 * three sample queries again. Told in a layout effect, before the browser paints.
 */
const SampleLoader = memo(function SampleLoader({
  superCategoriesOfInterest,
  categoriesOfInterest,
  onLoad,
}: Pick<Creation, 'superCategoriesOfInterest' | 'categoriesOfInterest'> & { onLoad: (sample: SampleData | undefined) => void }) {
  const sample = useSampleData({ superCategoriesOfInterest, categoriesOfInterest });
  useLayoutEffect(() => onLoad(sample), [sample, onLoad]);
  return null;
});

/**
 * The design with every part that did not change kept as the same object, so the renderer's
 * memoised parts (the measurement list, the home categories) skip what a design change left alone.
 */
function useSharedCreation(creation: Creation): Creation {
  const [state, setState] = useState({ given: creation, shared: creation });
  if (state.given === creation) return state.shared;
  // A new design: derived during render (React's pattern for state from the previous render).
  const next = { given: creation, shared: replaceEqualDeep(state.shared, creation) };
  setState(next);
  return next.shared;
}

function LivePhone({ creation: given, screen, onScreenChange, autoplay = true, sample }: PhonePreviewProps & { sample: SampleData }) {
  const creation = useSharedCreation(given);
  const [selections, dispatch] = useReducer(reducePreview, screen ?? 'splash', initialSelections);
  const reported = useRef(selections.screen);
  useEffect(() => {
    if (screen !== undefined) dispatch({ type: 'go', screen });
  }, [screen]);
  useEffect(() => {
    if (reported.current === selections.screen) return;
    reported.current = selections.screen;
    onScreenChange?.(selections.screen);
  }, [selections.screen, onScreenChange]);
  const slides = sample.slides.length;
  const onHome = selections.screen === 'home-page';
  useEffect(() => {
    // The slideshow holds still for a reader who asked for less motion.
    if (!autoplay || !onHome || slides < 2 || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = window.setInterval(() => dispatch({ type: 'slide', count: slides }), CONSTANTS.slideshowAutoplayMs);
    return () => window.clearInterval(timer);
  }, [autoplay, onHome, slides]);
  return <PhoneScreen creation={creation} sample={sample} selections={selections} dispatch={dispatch} />;
}

function PhoneSkeleton() {
  const bar = (width: string, height: number) => <div style={{ width, height, borderRadius: 8, background: '#E7E9F0', marginBottom: 10 }} />;
  return useMemo(
    () => (
      <div role="progressbar" aria-label="Loading the preview" style={{ width: '100%', height: '100%', background: '#F6F7FB', padding: '48px 14px' }}>
        {bar('60%', 24)}
        {bar('100%', 150)}
        {bar('100%', 40)}
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 10 }}>
          {bar('100%', 170)}
          {bar('100%', 170)}
        </div>
      </div>
    ),
    [],
  );
}
