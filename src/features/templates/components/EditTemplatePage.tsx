/**
 * `/templates/{templateId}/edit` (only a logged-in SOVEREIGN or the owner of the template's shop;
 * the server refuses everyone else too): the template's name, category, tags and publishing,
 * the engine release it builds with, removal, and its design in the same design editor as an
 * app's (composed in by the route).
 */
import { type FormEvent, type ReactNode, useState } from 'react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { TEMPLATE_MESSAGES, templateSaveError } from '@contract/templates/paths';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { ButtonLink } from '@/components/links';
import { PageLayout } from '@/components/PageLayout';
import { toast } from '@/lib/toast';
import { engineReleasesQueryOptions } from '../api/get-engine-releases';
import { templateQueryOptions } from '../api/get-template';
import { useRemoveTemplate } from '../api/remove-template';
import { useSaveTemplate } from '../api/save-template';
import { tagsOf, TemplateFields, type TemplateFieldValues } from './TemplateFields';

interface EditTemplatePageProps {
  templateId: string;
  /** The design editor of the template's own shop. */
  editor: (shop: { alias: string; name: string; logo: string; category: string }) => ReactNode;
}

export function EditTemplatePage({ templateId, editor }: EditTemplatePageProps) {
  const { data: template } = useSuspenseQuery(templateQueryOptions(templateId));
  const navigate = useNavigate();
  const save = useSaveTemplate();
  const remove = useRemoveTemplate();
  const releases = useQuery(engineReleasesQueryOptions());
  const [fields, setFields] = useState<TemplateFieldValues>({ name: template.name, category: template.category, tags: template.tags.join(', ') });
  const [published, setPublished] = useState(template.isPublished === 1);
  const [confirming, setConfirming] = useState(false);
  const latest = releases.data?.[0];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Spec section 5: saving needs a category and a template id.
    const problem = templateSaveError({ templateId: template.templateId, category: fields.category });
    if (problem) {
      toast(problem, { variant: 'error' });
      return;
    }
    save.mutate(
      { templateId: template.templateId, category: fields.category, name: fields.name.trim(), tags: tagsOf(fields.tags), isPublished: published ? 1 : 0 },
      {
        onSuccess: (saved) => toast(`${TEMPLATE_MESSAGES.saved} (version ${saved.version})`, { variant: 'success' }),
        onError: (error) => toast(error.message || TEMPLATE_MESSAGES.saveError, { variant: 'error' }),
      },
    );
  };

  const confirmRemove = () =>
    remove.mutate(template.templateId, {
      onSuccess: () => {
        setConfirming(false);
        toast(TEMPLATE_MESSAGES.removed, { variant: 'success' });
        void navigate({ to: '/templates' });
      },
    });

  return (
    <PageLayout
      title={`Edit template ${template.name}`}
      lead="Style every screen below; name, categorise and publish the template here."
      actions={
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          <ButtonLink to="/templates/$templateId/preview" params={{ templateId: template.templateId }} variant="contained" color="secondary">
            Preview template
          </ButtonLink>
          <Button variant="outlined" color="inherit" onClick={() => setConfirming(true)}>
            Remove template
          </Button>
        </Stack>
      }
    >
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label="Template details" sx={{ maxWidth: 560 }}>
          <TemplateFields value={fields} onChange={setFields} />
          <FormControlLabel
            control={<Switch checked={published} onChange={(event) => setPublished(event.target.checked)} />}
            label="Published in the gallery"
          />
          {published ? (
            <Typography variant="body2" color="text.secondary" data-testid="engine-release">
              {latest
                ? `Apps from this template build with engine ${latest.version} (${latest.appType}).`
                : releases.isError
                  ? 'The engine releases could not be loaded.'
                  : 'Loading the engine release…'}
            </Typography>
          ) : null}
          <Typography variant="body2" color="text.secondary">
            Version {template.version}
          </Typography>
          <div>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save template'}
            </Button>
          </div>
        </Stack>
      </Paper>
      {editor({ alias: template.data.shop.alias, name: template.name, logo: template.data.shop.logo, category: template.category })}
      <ConfirmDialog
        open={confirming}
        title="Remove this template?"
        consequence={`'${template.name}' and its design are deleted for everyone. This cannot be undone.`}
        confirmLabel="Yes, remove"
        busy={remove.isPending}
        error={remove.isError ? remove.error.message : null}
        onCancel={() => setConfirming(false)}
        onConfirm={confirmRemove}
      />
    </PageLayout>
  );
}
