import { useId, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { PasswordChecklist } from './PasswordChecklist';

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<TextFieldProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        ...props.slotProps,
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
export function NewPasswordField({ value, ...props }: Omit<TextFieldProps, 'type' | 'value' | 'slotProps'> & { value: string }) {
  const checklistId = useId();
  return (
    <>
      <PasswordField {...props} value={value} slotProps={{ htmlInput: { 'aria-describedby': checklistId } }} />
      <PasswordChecklist id={checklistId} password={value} />
    </>
  );
}
