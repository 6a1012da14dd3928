import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { FOOTER_COMPANY, FOOTER_INFORMATION, visibleEntries, type NavEntry } from '@/lib/navigation';
import { PRODUCT_NAME } from '@contract/brand';
import { BRAND } from '@contract/brand';
import { TextLink } from '../text-link';
import { InstallAppButton } from './InstallAppButton';
import { Logo } from './Logo';

function FooterColumn({ id, title, entries }: { id: string; title: string; entries: NavEntry[] }) {
  return (
    <Box component="nav" aria-labelledby={id}>
      <Typography id={id} variant="h3" component="h2" sx={{ fontSize: '1rem', fontWeight: 700, mb: 1.5 }}>
        {title}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
        {entries.map((entry) =>
          entry.kind === 'link' ? (
            <li key={entry.label}>
              <TextLink to={entry.to} color="inherit" sx={{ display: 'inline-block', py: 0.75 }}>
                {entry.label}
              </TextLink>
            </li>
          ) : null,
        )}
      </Box>
    </Box>
  );
}

/** Spec section 2: footer columns Information and Company. */
export function SiteFooter({ isLoggedIn }: { isLoggedIn: boolean }) {
  return (
    <Box component="footer" sx={{ backgroundColor: BRAND.ink, color: BRAND.footerText, mt: 'auto' }}>
      <Container maxWidth="lg" sx={{ py: 6 }}>
        <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr 1fr', md: '2fr 1fr 1fr' } }}>
          <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}>
            <Box sx={{ color: '#FFFFFF' }}>
              <Logo />
            </Box>
            <Typography sx={{ mt: 1.5, maxWidth: 360 }}>
              Design, preview and order a branded mobile app for your shop, then pay only for what it uses.
            </Typography>
            <Box sx={{ mt: 2 }}>
              <InstallAppButton />
            </Box>
          </Box>
          <FooterColumn id="footer-information" title="Information" entries={visibleEntries(FOOTER_INFORMATION, isLoggedIn)} />
          <FooterColumn id="footer-company" title="Company" entries={visibleEntries(FOOTER_COMPANY, isLoggedIn)} />
        </Box>
        <Typography variant="body2" sx={{ mt: 5 }}>
          © {new Date().getFullYear()} {PRODUCT_NAME}
        </Typography>
      </Container>
    </Box>
  );
}
