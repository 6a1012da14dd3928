import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { FeatureItem } from '../content';
import { FeatureIcon } from './FeatureIcon';

/** `headingLevel`: the features' heading element, one below the heading the grid sits under. */
export function FeatureGrid({ features, headingLevel = 'h3' }: { features: readonly FeatureItem[]; headingLevel?: 'h2' | 'h3' }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}>
      {features.map((feature) => (
        <Box component="li" key={feature.id} sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <Box sx={{ flexShrink: 0, p: 1, borderRadius: 2, backgroundColor: 'rgba(27, 77, 255, 0.08)', display: 'flex' }}>
            <FeatureIcon id={feature.id} />
          </Box>
          <div>
            <Typography variant="h3" component={headingLevel}>
              {feature.title}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {feature.summary}
            </Typography>
          </div>
        </Box>
      ))}
    </Box>
  );
}
