/**
 * The homepage templates slider (spec sections 2 and 9): one template at a time, moving on every
 * 10000 ms to a random other one; it pauses while the pointer is over it, while focus is inside
 * it, and never moves on its own for users who prefer reduced motion. Server-renderable: the
 * timer and the media query run in effects only.
 */
import { type ReactNode, useEffect, useState, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useHydrated } from '@/lib/hydration';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { CONSTANTS } from '@contract/constants';
import type { Template } from '@contract/templates/schemas';
import { ButtonLink } from '@/components/links';
import { templatesQueryOptions } from '../api/list-templates';
import { nextSlide } from '../model';

interface TemplatesSliderProps {
  renderCard: (template: Template) => ReactNode;
  intervalMs?: number;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const reducedMotionQuery = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION) : null);

function subscribeReducedMotion(onChange: () => void): () => void {
  const query = reducedMotionQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** Whether the user prefers reduced motion (false while rendering on a server). */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => reducedMotionQuery()?.matches ?? false,
    () => false,
  );
}

export function TemplatesSlider({ renderCard, intervalMs = CONSTANTS.templatesSliderAutoplayMs }: TemplatesSliderProps) {
  const query = useQuery(templatesQueryOptions());
  // Nothing from the cache before hydration: the prerendered homepage has no slides.
  const hydrated = useHydrated();
  const templates = (hydrated ? query.data : undefined) ?? [];
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const paused = hovered || focused || reducedMotion;
  const count = templates.length;

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = window.setInterval(() => setIndex((current) => nextSlide(current, count, Math.random)), intervalMs);
    return () => window.clearInterval(timer);
  }, [paused, count, intervalMs]);

  if (count === 0) {
    return (
      <Box sx={{ minHeight: 200 }}>
        <Typography>Templates are on their way.</Typography>
      </Box>
    );
  }
  const current = templates[index % count] as Template;
  const go = (step: number) => setIndex((value) => (value + step + count) % count);

  return (
    <Box
      component="section"
      aria-roledescription="carousel"
      aria-label="Templates"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}
      data-paused={paused ? 'true' : 'false'}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <IconButton aria-label="Previous template" onClick={() => go(-1)} size="large">
          <span aria-hidden="true">‹</span>
        </IconButton>
        <Typography aria-live={paused ? 'polite' : 'off'} data-testid="slider-position">
          {`${(index % count) + 1} of ${count}: ${current.name}`}
        </Typography>
        <IconButton aria-label="Next template" onClick={() => go(1)} size="large">
          <span aria-hidden="true">›</span>
        </IconButton>
      </Box>
      <Box role="group" aria-roledescription="slide" aria-label={current.name} key={current.templateId} sx={{ maxWidth: '100%' }}>
        {renderCard(current)}
      </Box>
      <ButtonLink to="/new-app/setup" search={{ templateId: current.templateId }} variant="contained">
        Use this template
      </ButtonLink>
    </Box>
  );
}
