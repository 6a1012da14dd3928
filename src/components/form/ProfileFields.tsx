import Box from '@mui/material/Box';
import { CONSTANTS } from '@contract/constants';
import { FIELD_MESSAGES } from '@contract/validation';
import { ValidatedTextField, type ValidatedTextFieldProps } from './ValidatedTextField';

/** What a form supplies for one of the profile fields; their labels, autofill hints and messages live here. */
type ProfileFieldProps = Pick<ValidatedTextFieldProps, 'value' | 'onChange' | 'onBlur' | 'invalid'>;

/** First Name and Last Name side by side (stacked on phones), as registration and the account page show them. */
export function NameFields({ firstName, lastName }: { firstName: ProfileFieldProps; lastName: ProfileFieldProps }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <ValidatedTextField label="First Name" required autoComplete="given-name" {...firstName} message={FIELD_MESSAGES.required('First Name')} />
      <ValidatedTextField label="Last Name" required autoComplete="family-name" {...lastName} message={FIELD_MESSAGES.required('Last Name')} />
    </Box>
  );
}

/** Phone No with the numeric keypad and the length limit; the form sanitizes what is typed. */
export function PhoneField(props: ProfileFieldProps) {
  return (
    <ValidatedTextField
      label="Phone No"
      type="tel"
      required
      autoComplete="tel"
      {...props}
      message={FIELD_MESSAGES.phone}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: CONSTANTS.phoneMaxLength } }}
    />
  );
}
