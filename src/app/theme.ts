import { createTheme } from '@mui/material/styles';
import { BRAND } from '@contract/brand';

const focusRing = {
  // A dark ring with a white gap stays visible on the light pages and the dark bands alike.
  outline: `3px solid ${BRAND.ink}`,
  outlineOffset: '2px',
  boxShadow: '0 0 0 2px #FFFFFF',
};

export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: BRAND.primary, dark: BRAND.primaryDark, contrastText: '#FFFFFF' },
    secondary: { main: '#0E6B5C', contrastText: '#FFFFFF' },
    // MUI's orange fails AA under white text (the filled verification banner, its Resend button, the Unverified chip).
    warning: { main: '#8A4B00', contrastText: '#FFFFFF' },
    text: { primary: '#111827', secondary: '#3F4A5C' },
    background: { default: '#FFFFFF', paper: '#FFFFFF' },
  },
  shape: { borderRadius: 12 },
  typography: {
    fontFamily: 'Roboto, "Roboto Fallback", system-ui, -apple-system, "Segoe UI", Arial, sans-serif',
    h1: { fontSize: '2.25rem', fontWeight: 700, lineHeight: 1.15, letterSpacing: '-0.02em' },
    h2: { fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.2, letterSpacing: '-0.01em' },
    h3: { fontSize: '1.25rem', fontWeight: 500, lineHeight: 1.3 },
    button: { textTransform: 'none', fontWeight: 500 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        html: { scrollBehavior: 'smooth' },
        'a:focus-visible, button:focus-visible, [tabindex]:focus-visible': focusRing,
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { minHeight: 44, borderRadius: 999, paddingInline: 20, '&.Mui-focusVisible': focusRing } },
    },
    MuiIconButton: { styleOverrides: { root: { minWidth: 44, minHeight: 44 } } },
    MuiLink: { defaultProps: { underline: 'hover' } },
  },
});
