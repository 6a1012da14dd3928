import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { PASSWORD_RULES } from '@contract/validation';

/** The password rules, each marked as met or not while the merchant types. */
export function PasswordChecklist({ password, id }: { password: string; id: string }) {
  return (
    <Box component="ul" id={id} aria-label="Password rules" aria-live="polite" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.25 }}>
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <Box component="li" key={rule.id} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            {met ? (
              <CheckCircleIcon fontSize="small" color="success" aria-hidden />
            ) : (
              <RadioButtonUncheckedIcon fontSize="small" color="disabled" aria-hidden />
            )}
            <Typography variant="body2" color={met ? 'success.main' : 'text.secondary'}>
              {rule.label}
              <Box component="span" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                {met ? ' (met)' : ' (not met yet)'}
              </Box>
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
