import { useId, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { PasswordChecklist } from './PasswordChecklist';
import { ValidatedTextField, type ValidatedTextFieldProps } from './ValidatedTextField';

type PasswordFieldProps = Omit<ValidatedTextFieldProps, 'type' | 'invalid' | 'message'> & Partial<Pick<ValidatedTextFieldProps, 'invalid' | 'message'>>;

/** A password input with a show/hide toggle; `invalid` and `message` as for ValidatedTextField. */
export function PasswordField({ invalid = false, message = '', slotProps, ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <ValidatedTextField
      {...props}
      invalid={invalid}
      message={message}
      type={visible ? 'text' : 'password'}
      slotProps={{
        ...slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton aria-label={visible ? 'Hide password' : 'Show password'} onClick={() => setVisible((v) => !v)} edge="end">
                {visible ? <VisibilityOffIcon /> : <VisibilityIcon />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** A password field for choosing a new password, followed by the password rules that describe it. */
export function NewPasswordField({ value, ...props }: Omit<PasswordFieldProps, 'value' | 'slotProps' | 'message'> & { value: string }) {
  const checklistId = useId();
  return (
    <>
      <PasswordField {...props} value={value} slotProps={{ htmlInput: { 'aria-describedby': checklistId } }} />
      <PasswordChecklist id={checklistId} password={value} />
    </>
  );
}
