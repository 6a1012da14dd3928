/** The editor's colour control: the browser's picker beside a field in the web form. */
import { memo, useLayoutEffect, useMemo, useRef, useState } from 'react';
import TextField from '@mui/material/TextField';
import { cssColour, normaliseColour } from '@contract/colour';

const COLOUR_HELP = 'Enter a colour as #RRGGBB or #RRGGBBAA';

/**
 * A colour: the browser's picker and one field in the web form (#RRGGBBAA, the form the
 * Creation stores; #RRGGBB, #RGB and the mobile 0xAARRGGBB typed or pasted are converted). The
 * mobile form is the app's business, not the merchant's. `label` is shown; `name` (default
 * `label`) is the field's accessible name, fuller inside a group (a gradient's 'From').
 */
export function ColourField({
  label,
  name = label,
  value,
  onChange,
}: {
  label: string;
  name?: string;
  value: string;
  onChange: (value: string, continuous?: boolean) => void;
}) {
  const alpha = value.slice(7, 9) || 'FF';
  return (
    <div className="dc-colour">
      <ColourPicker label={name} value={value} onChange={(next) => onChange(`${next.toUpperCase()}${alpha}`, true)} />
      <ColourText label={label} name={name} shown={value} onChange={onChange} />
    </div>
  );
}

/**
 * The browser's colour picker. It keeps the colour being picked (an uncontrolled input): the
 * design's value follows once the design settles (SectionControls), and writing an older colour back
 * into a picker still open would fight the merchant's drag. A new value is written when the
 * picker is not in use.
 */
function ColourPicker({ label, value, onChange }: { label: string; value: string; onChange: (hex: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const hex = value.slice(0, 7).toLowerCase();
  const latest = useRef(hex);
  useLayoutEffect(() => {
    latest.current = hex;
    const element = input.current;
    if (element && element !== document.activeElement && element.value !== hex) element.value = hex;
  }, [hex]);
  const [initial] = useState(hex);
  return (
    <input
      ref={input}
      type="color"
      className="dc-picker"
      aria-label={`${label} picker`}
      title="Pick a colour"
      defaultValue={initial}
      onChange={(event) => onChange(event.target.value)}
      onBlur={(event) => {
        if (event.target.value !== latest.current) event.target.value = latest.current;
      }}
      // The colour inline: a style rule per colour would grow the page's style sheet on every edit.
      style={{ background: cssColour(value) }}
    />
  );
}

/**
 * One colour text field. The browser keeps the typed text (an uncontrolled input): typing and a
 * new value from outside (undo, another tab, derivation) do not re-render the MUI field, only a
 * change of validity does. A new value replaces the text unless the field is being typed in.
 */
function ColourText({ label, name, shown, onChange }: { label: string; name: string; shown: string; onChange: (value: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const focused = useRef(false);
  /** Typed in since the field last showed the design's value. */
  const typed = useRef(false);
  const latest = useRef({ shown, onChange });
  const [valid, setValid] = useState(true);
  useLayoutEffect(() => {
    latest.current = { shown, onChange };
    const element = input.current;
    if (!element || focused.current || element.value === shown) return;
    element.value = shown;
    typed.current = false;
    setValid(true);
  }, [shown, onChange]);
  const handlers = useMemo(() => {
    const commit = () => {
      const colour = normaliseColour((input.current?.value ?? '').trim());
      if (!colour || !input.current) return;
      typed.current = false;
      // Shown as stored at once (a short or mobile form typed in becomes #RRGGBBAA).
      input.current.value = colour;
      latest.current.onChange(colour);
    };
    return {
      onFocus: () => {
        focused.current = true;
      },
      onBlur: () => {
        focused.current = false;
        if (typed.current) commit();
        else if (input.current && input.current.value !== latest.current.shown) {
          // Changed elsewhere while this field had the focus: show the design's value.
          input.current.value = latest.current.shown;
          setValid(true);
        }
      },
      onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
        typed.current = true;
        setValid(normaliseColour(event.target.value.trim()) !== undefined);
      },
      onKeyDown: (event: React.KeyboardEvent) => {
        if (event.key === 'Enter') commit();
      },
    };
  }, []);
  // The text the field starts with; later values reach the input through the effect above.
  const [initial] = useState(shown);
  return <ColourInput label={label} name={name} initial={initial} valid={valid} inputRef={input} {...handlers} />;
}

const COLOUR_INPUT = { maxLength: 12, spellCheck: false, autoCapitalize: 'characters' } as const;
const COLOUR_LABEL = { shrink: true } as const;

/** The MUI field of ColourText: its props change only with validity. */
const ColourInput = memo(function ColourInput({
  label,
  name,
  initial,
  valid,
  inputRef,
  onFocus,
  onBlur,
  onChange,
  onKeyDown,
}: {
  label: string;
  name: string;
  initial: string;
  valid: boolean;
  inputRef: React.Ref<HTMLInputElement>;
  onFocus: () => void;
  onBlur: () => void;
  onChange: (event: React.ChangeEvent<HTMLInputElement>) => void;
  onKeyDown: (event: React.KeyboardEvent) => void;
}) {
  return (
    <TextField
      label={label}
      size="small"
      defaultValue={initial}
      inputRef={inputRef}
      error={!valid}
      helperText={valid ? undefined : COLOUR_HELP}
      onFocus={onFocus}
      onBlur={onBlur}
      onChange={onChange}
      onKeyDown={onKeyDown}
      slotProps={{ htmlInput: name === label ? COLOUR_INPUT : { ...COLOUR_INPUT, 'aria-label': name }, inputLabel: COLOUR_LABEL }}
      sx={{ flex: '1 1 0', minWidth: 0 }}
    />
  );
});
