/**
 * `/templates/create-template`: a new template, blocked with the spec's message when the user
 * already holds the maximum of 20 template shops (the server refuses the same).
 */
import { type FormEvent, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { mayCreateTemplate, TEMPLATE_MESSAGES } from '@contract/templates/paths';
import { ButtonLink } from '@/components/links';
import { PageLayout } from '@/components/PageLayout';
import { toast } from '@/lib/toast';
import { useCreateTemplate } from '../api/create-template';
import { templatesQueryOptions } from '../api/list-templates';
import { tagsOf, TemplateFields, type TemplateFieldValues } from './TemplateFields';

interface CreateTemplatePageProps {
  /** How many template shops the user holds (null while unknown). */
  templateCount: number | null;
  /** A template to start from (?from=). */
  from?: string | undefined;
}

export function CreateTemplatePage({ templateCount, from }: CreateTemplatePageProps) {
  const navigate = useNavigate();
  const create = useCreateTemplate();
  const starters = useQuery(templatesQueryOptions());
  const [fields, setFields] = useState<TemplateFieldValues>({ name: '', category: '', tags: '' });
  const [base, setBase] = useState(from ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const blocked = templateCount !== null && !mayCreateTemplate(templateCount);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blocked) {
      toast(TEMPLATE_MESSAGES.limit, { variant: 'error' });
      return;
    }
    if (fields.name.trim().length < 3) return setProblem('Please enter a template name of at least 3 characters');
    if (!fields.category) return setProblem('Please choose a category');
    setProblem(null);
    create.mutate(
      { name: fields.name.trim(), category: fields.category, tags: tagsOf(fields.tags), ...(base ? { fromTemplateId: base } : {}) },
      {
        onSuccess: (template) => {
          toast(TEMPLATE_MESSAGES.created, { variant: 'success' });
          void navigate({ to: '/templates/$templateId/edit', params: { templateId: template.templateId } });
        },
        onError: (error) => setProblem(error.message),
      },
    );
  };

  return (
    <PageLayout title="Create a template" lead="Start a new template: choose its category, then style every screen of the app.">
      {blocked ? (
        <Alert severity="error" sx={{ mb: 3 }} role="alert">
          {TEMPLATE_MESSAGES.limit}
        </Alert>
      ) : null}
      <Stack component="form" noValidate onSubmit={submit} spacing={3} sx={{ maxWidth: 560 }} aria-label="Create a template">
        <TemplateFields value={fields} onChange={setFields} disabled={blocked} />
        <TextField
          select
          label="Start from"
          value={base}
          disabled={blocked}
          onChange={(event) => setBase(event.target.value)}
          helperText="A published template's design, or the category's starter"
        >
          <MenuItem value="">The category's starter design</MenuItem>
          {(starters.data ?? []).map((template) => (
            <MenuItem key={template.templateId} value={template.templateId}>
              {template.name}
            </MenuItem>
          ))}
        </TextField>
        {problem ? (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        ) : null}
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained" disabled={blocked || create.isPending}>
            {create.isPending ? 'Creating…' : 'Create template'}
          </Button>
          <ButtonLink to="/templates" variant="text">
            Cancel
          </ButtonLink>
        </Stack>
      </Stack>
    </PageLayout>
  );
}
