/** Name, category and tags of a template (create and edit share them). */
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ALL_TEMPLATE_CATEGORIES, type AnyTemplateCategory, TEMPLATE_CATEGORY_LABELS, TEMPLATE_LIMITS } from '@contract/templates/schemas';

export interface TemplateFieldValues {
  name: string;
  category: AnyTemplateCategory | '';
  /** Comma-separated, as typed. */
  tags: string;
}

export const tagsOf = (text: string): string[] =>
  [
    ...new Set(
      text
        .split(',')
        .map((tag) => tag.trim().toLowerCase())
        .filter(Boolean),
    ),
  ].slice(0, TEMPLATE_LIMITS.tags);

export function TemplateFields({
  value,
  onChange,
  disabled,
}: {
  value: TemplateFieldValues;
  onChange: (value: TemplateFieldValues) => void;
  disabled?: boolean;
}) {
  return (
    <Stack spacing={2}>
      <TextField
        label="Template name"
        required
        value={value.name}
        disabled={disabled}
        onChange={(event) => onChange({ ...value, name: event.target.value })}
        slotProps={{ htmlInput: { maxLength: TEMPLATE_LIMITS.name } }}
        helperText="3 to 60 characters"
      />
      <TextField
        select
        label="Category"
        required
        value={value.category}
        disabled={disabled}
        onChange={(event) => onChange({ ...value, category: event.target.value as AnyTemplateCategory })}
      >
        {ALL_TEMPLATE_CATEGORIES.map((category) => (
          <MenuItem key={category} value={category}>
            {TEMPLATE_CATEGORY_LABELS[category]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Tags"
        value={value.tags}
        disabled={disabled}
        onChange={(event) => onChange({ ...value, tags: event.target.value })}
        helperText="Separated by commas, e.g. beauty, pink, drawer"
      />
    </Stack>
  );
}
