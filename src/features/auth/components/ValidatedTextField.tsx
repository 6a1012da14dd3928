import TextField, { type TextFieldProps } from '@mui/material/TextField';

export type ValidatedTextFieldProps = Omit<TextFieldProps, 'error' | 'helperText'> & {
  /** Puts the field in its error state with `message` under it. */
  invalid: boolean;
  message: string;
};

/** A TextField whose helper text is its error message, shown only while the value is invalid. */
export function ValidatedTextField({ invalid, message, ...props }: ValidatedTextFieldProps) {
  return <TextField {...props} error={invalid} helperText={invalid ? message : undefined} />;
}
