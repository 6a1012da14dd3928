/**
 * Merge a design version (branch) into the default (issue 14): lists the fields the branch
 * changed since it was duplicated; where the default changed the same field, the merchant keeps
 * the branch's or the default's value, per field or for all at once.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { toast } from '@/lib/toast';
import { mergePlanQueryOptions } from '../api/get-merge-plan';
import { useMergeVersion } from '../api/merge-version';

type Side = 'branch' | 'default';

const COLOUR = /^#[0-9A-Fa-f]{6}([0-9A-Fa-f]{2})?$/;

function ValueText({ value }: { value: unknown }) {
  if (typeof value === 'string' && COLOUR.test(value))
    return (
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
        <Box
          component="span"
          aria-hidden
          sx={{ width: 14, height: 14, borderRadius: '3px', border: '1px solid rgba(0,0,0,0.3)', backgroundColor: value.slice(0, 7) }}
        />
        {value}
      </Box>
    );
  const text = value === null || value === undefined ? 'not set' : JSON.stringify(value);
  return <>{text.length > 60 ? `${text.slice(0, 57)}…` : text}</>;
}

export function MergeVersionDialog({ alias, version, onClose }: { alias: string; version: number; onClose: () => void }) {
  const plan = useQuery(mergePlanQueryOptions(alias, version));
  const merge = useMergeVersion(alias);
  const [choices, setChoices] = useState<Record<string, Side>>({});
  const conflicts = plan.data?.conflicts ?? [];
  const unresolved = conflicts.filter((conflict) => !choices[conflict.field]).length;
  const chooseAll = (side: Side) => setChoices(Object.fromEntries(conflicts.map((conflict) => [conflict.field, side])));
  const conflicting = new Set(conflicts.map((conflict) => conflict.field));
  const clean = (plan.data?.changed ?? []).filter((field) => !conflicting.has(field));
  const target = plan.data?.defaultVersion;

  const submit = () =>
    merge.mutate(
      { alias, version, resolutions: choices },
      {
        onSuccess: (result) => {
          const kept = result.keptDefault.length ? `; kept the default's ${result.keptDefault.join(', ')}` : '';
          toast(
            `Version ${result.version} merged into version ${result.defaultVersion}: ${result.applied.length} field${result.applied.length === 1 ? '' : 's'} brought over${kept}`,
            { variant: 'success' },
          );
          onClose();
        },
      },
    );

  return (
    <Dialog open onClose={() => !merge.isPending && onClose()} aria-labelledby="merge-title" aria-describedby="merge-text" maxWidth="sm" fullWidth>
      <DialogTitle id="merge-title">
        {target === undefined ? `Merge version ${version} into the default?` : `Merge version ${version} into version ${target} (default)?`}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        {plan.isPending && <DialogContentText id="merge-text">Comparing the versions…</DialogContentText>}
        {plan.isError && (
          <Alert id="merge-text" severity="error">
            {plan.error.message}
          </Alert>
        )}
        {plan.data && (
          <DialogContentText id="merge-text">
            {plan.data.changed.length === 0
              ? 'Nothing to merge: the default already has every change of this version.'
              : `The default takes the fields version ${version} changed since it was duplicated. Everything else in the default stays as it is.`}
          </DialogContentText>
        )}
        {clean.length > 0 && (
          <Box>
            <Typography component="h3" variant="subtitle2">
              Brought over
            </Typography>
            <Box component="ul" aria-label="Fields brought over" sx={{ m: 0, pl: 2.5 }}>
              {clean.map((field) => (
                <li key={field}>{field}</li>
              ))}
            </Box>
          </Box>
        )}
        {conflicts.length > 0 && (
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            <Typography component="h3" variant="subtitle2">
              Changed on both: choose which value the default keeps
            </Typography>
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
              <Button size="small" variant="outlined" onClick={() => chooseAll('branch')}>
                Keep branch for all
              </Button>
              <Button size="small" variant="outlined" onClick={() => chooseAll('default')}>
                Keep default for all
              </Button>
            </Stack>
            {conflicts.map((conflict) => (
              <FormControl key={conflict.field} component="fieldset">
                <FormLabel component="legend">{conflict.field}</FormLabel>
                <RadioGroup
                  row
                  value={choices[conflict.field] ?? ''}
                  onChange={(event) => setChoices((known) => ({ ...known, [conflict.field]: event.target.value as Side }))}
                >
                  <FormControlLabel
                    value="branch"
                    control={<Radio />}
                    label={
                      <>
                        Keep branch: <ValueText value={conflict.branch} />
                      </>
                    }
                  />
                  <FormControlLabel
                    value="default"
                    control={<Radio />}
                    label={
                      <>
                        Keep default: <ValueText value={conflict.default} />
                      </>
                    }
                  />
                </RadioGroup>
              </FormControl>
            ))}
          </Box>
        )}
        {merge.isError && (
          <Alert severity="error" role="alert">
            {merge.error.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {unresolved > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto', pl: 1 }}>
            Choose a value for {unresolved} field{unresolved === 1 ? '' : 's'}
          </Typography>
        )}
        <Button onClick={onClose} disabled={merge.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={!plan.data || plan.data.changed.length === 0 || unresolved > 0 || merge.isPending}>
          Merge
        </Button>
      </DialogActions>
    </Dialog>
  );
}
