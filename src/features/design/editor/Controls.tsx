/**
 * The editor's controls, one component per control kind of controls.ts. Each reads its value from
 * the design and reports an edit as (path, value); the editor turns that into a patch.
 */
import { memo, useCallback, useId, useState } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import GlobalStyles from '@mui/material/GlobalStyles';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Slider from '@mui/material/Slider';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { cssColour } from '@contract/colour';
import { GRADIENT_DIRECTIONS, type Creation } from '@contract/design/schemas';
import { useBackgroundImages } from '../api/get-background-images';
import { type Control, humanise } from './controls';
import { type Patch, backgroundImagePatch } from './patches';
import { themeName } from './section-map';
import { ColourField } from './ColourField';

/** `continuous`: one step of a drag (slider, colour picker); a drag's steps undo together. */
export type OnEdit = (path: string, value: unknown, continuous?: boolean) => void;

interface ControlProps {
  control: Control;
  /** The control's value in the design (valueAt(creation, control.path)). */
  value: unknown;
  /** The design's primary colour (theme thumbnails are drawn in it). */
  primary: string;
  onEdit: OnEdit;
  onPatch: (patch: Patch) => void;
}

/** Same value, same control: an edit re-renders only the controls whose values it changed. */
const sameProps = (a: ControlProps, b: ControlProps) =>
  a.control === b.control &&
  a.onEdit === b.onEdit &&
  a.onPatch === b.onPatch &&
  a.primary === b.primary &&
  (a.value === b.value || JSON.stringify(a.value) === JSON.stringify(b.value));

export const EditorControl = memo(function EditorControl({ control, value, primary, onEdit, onPatch }: ControlProps) {
  switch (control.kind) {
    case 'colour':
      return <ColourField label={control.label} value={value as string} onChange={(next, continuous) => onEdit(control.path, next, continuous)} />;
    case 'gradient':
      return <GradientField label={control.label} path={control.path} value={value as Creation['toolBar']['gradient']} onEdit={onEdit} />;
    case 'corners':
      return <CornersField label={control.label} path={control.path} value={value as Record<string, number>} onEdit={onEdit} />;
    case 'switch':
      return (
        <FormControlLabel
          control={<Switch checked={value === true} onChange={(event) => onEdit(control.path, event.target.checked)} />}
          label={control.label}
        />
      );
    case 'theme':
      return (
        <ThemeField
          label={control.label}
          path={control.path}
          options={control.options}
          value={value as string}
          primary={primary}
          ripples={control.path === 'splashScreen/theme'}
          onEdit={onEdit}
        />
      );
    case 'font':
    case 'select':
      return (
        <SelectField
          label={control.label}
          options={control.options}
          value={value as string}
          font={control.kind === 'font'}
          onChange={(next) => onEdit(control.path, next)}
        />
      );
    case 'number':
      return (
        <NumberField
          label={control.label}
          value={value as number}
          min={control.min}
          max={control.max}
          step={control.step}
          onChange={(next) => onEdit(control.path, next, true)}
        />
      );
    case 'text':
      return <TextDraft label={control.label} value={value as string} max={control.max} onChange={(next) => onEdit(control.path, next)} />;
    case 'background-image':
      return <BackgroundImageField label={control.label} value={(value as { value: string }).value} onPatch={onPatch} />;
    case 'image':
      return <ImageField label={control.label} value={value as string} />;
  }
}, sameProps);

/**
 * The controls' own boxes as class rules, written once for the editor: an edit re-renders the
 * controls whose values it changed, and `sx` boxes would re-serialise their styles each time.
 */
export const ControlStyles = memo(function ControlStyles() {
  return (
    <GlobalStyles
      styles={(theme) => {
        const radius = Number(theme.shape.borderRadius);
        return {
          '.dc-group': {
            border: `1px solid ${theme.palette.divider}`,
            borderRadius: radius * 2,
            padding: theme.spacing(1.5),
            display: 'grid',
            gap: theme.spacing(1.5),
          },
          '.dc-row': { display: 'flex', gap: theme.spacing(1), alignItems: 'flex-start', flexWrap: 'wrap' },
          '.dc-picker': { width: 44, height: 40, padding: 0, border: `1px solid ${theme.palette.divider}`, borderRadius: radius, cursor: 'pointer' },
          '.dc-gradient': { height: 16, borderRadius: radius },
          '.dc-corners': { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: theme.spacing(1) },
          '.dc-themes': { display: 'flex', flexWrap: 'wrap', gap: theme.spacing(1) },
          // The option's name under its thumbnail, on two lines at most.
          '.dc-theme': {
            position: 'relative',
            display: 'grid',
            justifyItems: 'center',
            alignContent: 'start',
            gap: theme.spacing(0.5),
            cursor: 'pointer',
            fontSize: 12,
            lineHeight: 1.25,
            width: 76,
            textAlign: 'center',
          },
          '.dc-theme input': { position: 'absolute', inset: 0, margin: 0, opacity: 0, width: '100%', height: '100%', cursor: 'pointer' },
          '.dc-theme svg': { width: 36, height: 60, borderRadius: radius, outline: `1px solid ${theme.palette.divider}` },
          '.dc-theme rect': { fill: 'var(--dc-theme-fill)' },
          // Each control lays itself out and paints as a unit: an edit re-lays and repaints the
          // controls it changed, not the whole section around them (no paint containment: it
          // would clip the switches' and sliders' halos, which reach outside their boxes).
          '.dc-control': { contain: 'layout style', minWidth: 0 },
          '.dc-theme input:checked + svg': { outline: `3px solid ${theme.palette.primary.main}` },
          '.dc-theme input:focus-visible + svg': { outline: `3px solid ${theme.palette.secondary.main}` },
          // Rows as tall as their pictures: auto rows of a grid whose height is capped share the cap
          // (a button that clips its picture counts 0 px tall), and the 46 pictures overlapped.
          '.dc-images': {
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(52px, 1fr))',
            gridAutoRows: 'max-content',
            gap: theme.spacing(1),
            maxHeight: 260,
            overflowY: 'auto',
            padding: theme.spacing(0.5),
          },
          '.dc-image': {
            display: 'block',
            padding: 0,
            border: `1px solid ${theme.palette.divider}`,
            borderRadius: radius,
            overflow: 'hidden',
            cursor: 'pointer',
            background: 'none',
          },
          '.dc-image[aria-checked="true"]': { outline: `3px solid ${theme.palette.primary.main}`, outlineOffset: -1 },
          // The picture's proportions give it its height before it has loaded.
          '.dc-image img': { width: '100%', height: 'auto', aspectRatio: '9 / 16', objectFit: 'cover', display: 'block' },
          '.dc-colour': { display: 'flex', gap: theme.spacing(1), alignItems: 'flex-start', maxWidth: 360 },
        };
      }}
    />
  );
});

/** A labelled group of fields (fieldset semantics for screen readers). */
function Group({ label, children }: { label: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id} className="dc-group">
      <GroupLabel id={id} label={label} />
      {children}
    </div>
  );
}

const GroupLabel = memo(function GroupLabel({ id, label }: { id: string; label: string }) {
  return (
    <Typography id={id} variant="subtitle2" component="span">
      {label}
    </Typography>
  );
});

function GradientField({ label, path, value, onEdit }: { label: string; path: string; value: Creation['toolBar']['gradient']; onEdit: OnEdit }) {
  const [from, to] = value.colors;
  // Stable, so a change of the colours does not re-render the direction and spread controls.
  const onDirection = useCallback((next: string) => onEdit(`${path}/direction`, next), [onEdit, path]);
  const onSpread = useCallback((next: number) => onEdit(`${path}/spread`, next, true), [onEdit, path]);
  return (
    <Group label={label}>
      <div aria-hidden="true" className="dc-gradient" style={{ background: `linear-gradient(90deg, ${cssColour(from)}, ${cssColour(to)})` }} />
      {/* Inside the group its fields are named short on screen ('From'), in full for screen readers. */}
      <ColourField label="From" name={`${label} from`} value={from} onChange={(next, continuous) => onEdit(`${path}/colors`, [next, to], continuous)} />
      <ColourField label="To" name={`${label} to`} value={to} onChange={(next, continuous) => onEdit(`${path}/colors`, [from, next], continuous)} />
      <SelectField label="Direction" options={GRADIENT_DIRECTIONS} value={value.direction} onChange={onDirection} />
      <NumberField label="Spread" name={`${label} spread`} value={value.spread} min={0} max={1} step={0.01} onChange={onSpread} />
    </Group>
  );
}

const CORNERS = ['topLeft', 'topRight', 'bottomLeft', 'bottomRight'] as const;

/** Four radii, one per corner. */
function CornersField({ label, path, value, onEdit }: { label: string; path: string; value: Record<string, number>; onEdit: OnEdit }) {
  return (
    <Group label={label}>
      <div className="dc-corners">
        {CORNERS.map((corner) => (
          <TextField
            key={corner}
            label={humanise(corner)}
            type="number"
            size="small"
            value={value[corner] ?? 0}
            onChange={(event) => {
              const next = Number(event.target.value);
              if (event.target.value !== '' && Number.isFinite(next) && next >= 0 && next <= 200) onEdit(`${path}/${corner}`, next);
            }}
            slotProps={{ htmlInput: { min: 0, max: 200, step: 1, 'aria-label': `${label} ${humanise(corner).toLowerCase()}` } }}
          />
        ))}
      </div>
    </Group>
  );
}

const SelectField = memo(function SelectField({
  label,
  options,
  value,
  font,
  onChange,
}: {
  label: string;
  options: readonly string[];
  value: string;
  font?: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <FormControl size="small" fullWidth>
      <InputLabel id={id}>{label}</InputLabel>
      <Select labelId={id} label={label} value={options.includes(value) ? value : ''} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <MenuItem key={option} value={option} sx={font ? { fontFamily: `"${option}", sans-serif` } : undefined}>
            {font ? option : humanise(option.replaceAll('-', ' ').replaceAll('_', ' '))}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
});

const NumberField = memo(function NumberField({
  label,
  name,
  value,
  min,
  max,
  step,
  onChange,
}: {
  label: string;
  name?: string;
  value: number;
  min: number;
  max: number;
  step: number;
  onChange: (value: number) => void;
}) {
  const id = useId();
  return (
    <div>
      <Typography id={id} variant="body2" component="span">
        {label}: {value}
      </Typography>
      <Slider
        {...(name ? { 'aria-label': name } : { 'aria-labelledby': id })}
        value={value}
        min={min}
        max={max}
        step={step}
        size="small"
        valueLabelDisplay="auto"
        onChange={(_, next) => onChange(next as number)}
      />
    </div>
  );
});

function TextDraft({ label, value, max, onChange }: { label: string; value: string; max: number; onChange: (value: string) => void }) {
  const [draft, setDraft] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    setDraft(value);
  }
  return (
    <TextField
      label={label}
      size="small"
      fullWidth
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={() => draft !== value && onChange(draft)}
      slotProps={{ htmlInput: { maxLength: max } }}
    />
  );
}

/**
 * Schematic thumbnails: the theme's letter (the spec's theme_a to theme_h) on the design's primary
 * colour, named for the merchant underneath (section-map.ts THEME_NAMES); splash f, g and h show
 * their ripples. The colour reaches the thumbnails as a CSS variable, so a new primary colour
 * re-renders none of them.
 */
function ThemeField({
  label,
  path,
  options,
  value,
  primary,
  ripples,
  onEdit,
}: {
  label: string;
  path: string;
  options: readonly string[];
  value: string;
  primary: string;
  ripples: boolean;
  onEdit: OnEdit;
}) {
  const name = useId();
  const onChange = useCallback((next: string) => onEdit(path, next), [onEdit, path]);
  return (
    <Group label={label}>
      <div role="radiogroup" aria-label={label} className="dc-themes" style={{ '--dc-theme-fill': cssColour(primary) } as React.CSSProperties}>
        <ThemeOptions name={name} path={path} options={options} value={value} ripples={ripples} onChange={onChange} />
      </div>
    </Group>
  );
}

const ThemeOptions = memo(function ThemeOptions({
  name,
  path,
  options,
  value,
  ripples,
  onChange,
}: {
  name: string;
  path: string;
  options: readonly string[];
  value: string;
  ripples: boolean;
  onChange: (value: string) => void;
}) {
  return options.map((option) => {
    const letter = option.slice(-1).toUpperCase();
    const rippled = ripples && ['F', 'G', 'H'].includes(letter);
    return (
      <label key={option} className="dc-theme">
        <input type="radio" name={name} value={option} checked={value === option} onChange={() => onChange(option)} />
        <svg viewBox="0 0 36 60" aria-hidden="true">
          <rect width="36" height="60" rx="4" />
          {rippled && [8, 14, 20].map((r) => <circle key={r} cx="18" cy="30" r={r} fill="none" stroke="#FFFFFF" strokeOpacity="0.5" />)}
          <text x="18" y="35" textAnchor="middle" fontSize="14" fill="#FFFFFF" fontFamily="sans-serif">
            {letter}
          </text>
        </svg>
        {themeName(path, option)}
      </label>
    );
  });
});

/** The 46 splash and login backgrounds from the catalogue (GET /v1/background-images). */
function BackgroundImageField({ label, value, onPatch }: { label: string; value: string; onPatch: (patch: Patch) => void }) {
  const { data, isError } = useBackgroundImages();
  return (
    <Group label={label}>
      {isError && <Typography color="error">Could not load the background images</Typography>}
      <div role="radiogroup" aria-label={label} className="dc-images">
        {(data ?? []).map((image) => (
          <button
            type="button"
            className="dc-image"
            role="radio"
            aria-checked={value === image.name}
            aria-label={humanise(image.name.replaceAll('-', ' '))}
            key={image.id}
            onClick={() => onPatch(backgroundImagePatch(image))}
          >
            <img src={image.image} alt="" loading="lazy" />
          </button>
        ))}
      </div>
    </Group>
  );
}

/** A picture of the design the merchant sees as a picture, never as its address (the shop's logo). */
function ImageField({ label, value }: { label: string; value: string }) {
  return (
    <Group label={label}>
      <div className="dc-row" style={{ alignItems: 'center' }}>
        {value ? <img src={value} alt={`Your ${label.toLowerCase()}`} width={64} height={64} style={{ objectFit: 'contain', borderRadius: 8 }} /> : null}
        <Typography variant="body2" color="text.secondary">
          {value ? 'The logo you gave your shop when you set it up.' : 'Your shop has no logo yet.'}
        </Typography>
      </div>
    </Group>
  );
}
