import TextField, { type TextFieldProps } from '@mui/material/TextField';

export type ValidatedTextFieldProps = Omit<TextFieldProps, 'error' | 'helperText'> & {
  /** Puts the field in its error state (aria-invalid) with `message` under it. */
  invalid: boolean;
  message: string;
};

/**
 * A TextField whose helper text is its error message, shown only while the value is invalid. The
 * message is an alert, so a screen reader announces it when it appears, not only when the field
 * is next focused.
 */
export function ValidatedTextField({ invalid, message, slotProps, ...props }: ValidatedTextFieldProps) {
  return (
    <TextField
      {...props}
      error={invalid}
      helperText={invalid && message ? message : undefined}
      slotProps={{ ...slotProps, formHelperText: { role: 'alert', ...slotProps?.formHelperText } }}
    />
  );
}
