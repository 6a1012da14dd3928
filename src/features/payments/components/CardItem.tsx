import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Authorization } from '@contract/payments/schemas';
import { cardExpiry, cardTitle, PROVIDER_LABELS } from '../model';
import { TestModeChip } from './TestModeChip';

interface CardItemProps {
  card: Authorization;
  busy: boolean;
  onSetDefault: () => void;
  onRemove: () => void;
}

/** One saved card: brand, last four, expiry, provider, default and test marks. */
export function CardItem({ card, busy, onSetDefault, onRemove }: CardItemProps) {
  const title = cardTitle(card);
  const name = `${title}, ${cardExpiry(card).toLowerCase()}`;
  return (
    <Card component="li" variant="outlined" aria-label={name} sx={{ listStyle: 'none' }}>
      <CardContent>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 700 }}>
            {title}
          </Typography>
          {card.isDefault ? <Chip size="small" color="primary" label="Default" /> : null}
          {card.testMode ? <TestModeChip /> : null}
        </Stack>
        <Typography color="text.secondary">{cardExpiry(card)}</Typography>
        <Typography color="text.secondary">{PROVIDER_LABELS[card.provider]}</Typography>
      </CardContent>
      <CardActions>
        {card.isDefault ? null : (
          <Button onClick={onSetDefault} disabled={busy} aria-label={`Set ${name} as default`}>
            Set as default
          </Button>
        )}
        <Button color="error" onClick={onRemove} disabled={busy} aria-label={`Remove ${name}`}>
          Remove
        </Button>
      </CardActions>
    </Card>
  );
}
