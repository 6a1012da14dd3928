import Box from '@mui/material/Box';
import { PRODUCT_NAME } from '@contract/brand';
import { BRAND } from '@contract/brand';

/** The product mark (same drawing as public/favicon.svg) and name. */
export function Logo() {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, fontWeight: 700, fontSize: '1.125rem' }}>
      <svg width="32" height="32" viewBox="0 0 512 512" aria-hidden="true" focusable="false">
        <rect width="512" height="512" rx="112" fill={BRAND.primary} />
        <rect x="148" y="64" width="216" height="384" rx="40" fill="#FFFFFF" />
        <path d="M232 214v-18a24 24 0 0 1 48 0v18" fill="none" stroke={BRAND.primary} strokeWidth="16" strokeLinecap="round" />
        <path d="M190 206h132l-10 150a20 20 0 0 1-20 18h-72a20 20 0 0 1-20-18z" fill={BRAND.primary} />
      </svg>
      {PRODUCT_NAME}
    </Box>
  );
}
