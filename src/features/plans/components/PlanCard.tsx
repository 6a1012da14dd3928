import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { Plan } from '@contract/plans/schemas';
import { formatMoney } from '@contract/money';

export function PlanCard({ plan }: { plan: Plan }) {
  return (
    <Card variant="outlined" component="article" sx={{ height: '100%' }}>
      <CardContent sx={{ p: 3 }}>
        <Typography variant="h3" component="h3">
          {plan.name}
        </Typography>
        <Typography sx={{ mt: 1.5, fontSize: '1.5rem', fontWeight: 700, color: 'primary.dark' }}>
          {`${formatMoney(plan.amount, { code: plan.currencyCode })} / month`}
        </Typography>
        {plan.description ? (
          <Typography color="text.secondary" sx={{ mt: 1.5 }}>
            {plan.description}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}
