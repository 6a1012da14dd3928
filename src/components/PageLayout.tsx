import { useEffect, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { BRAND } from '@contract/brand';
import { PRODUCT_NAME } from '@contract/brand';
import { useCollectPageHead } from '@/lib/hydration';

interface PageLayoutProps {
  /** The page's h1, also used for the document title. */
  title: string;
  /** One or two sentences under the heading. */
  lead?: ReactNode;
  /** Buttons shown under the lead. */
  actions?: ReactNode;
  /**
   * A working page (the design editor): a slim band, its lead hidden on phones, so the work
   * starts near the top of the screen.
   */
  compact?: boolean;
  children?: ReactNode;
}

/** The tab title: the page's heading followed by the product name, unless it already names it. */
export function useDocumentTitle(title: string, description?: string): void {
  const documentTitle = title.includes(PRODUCT_NAME) ? title : `${title} | ${PRODUCT_NAME}`;
  // The prerender writes the same title (and the description) into the served page's head.
  useCollectPageHead({ title: documentTitle, description });
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
}

// The band starts under the fixed nav bar (56 px on phones, 64 from 600 px up).
const BAND = { pt: { xs: 12, md: 14 }, pb: { xs: 5, md: 7 } } as const;
const COMPACT_BAND = { pt: { xs: 9, sm: 10 }, pb: 2 } as const;
const LEAD = { mt: 1.5, maxWidth: 720, fontSize: '1.125rem', color: BRAND.footerText } as const;
const COMPACT_LEAD = { mt: 0.5, maxWidth: 720, color: BRAND.footerText, display: { xs: 'none', sm: 'block' } } as const;

/**
 * Every page opens with a dark band holding its heading: the transparent nav bar sits on it,
 * so the white nav text keeps its contrast before the bar turns solid.
 */
export function PageLayout({ title, lead, actions, compact = false, children }: PageLayoutProps) {
  // The lead is the page's description in search results and link previews.
  useDocumentTitle(title, typeof lead === 'string' ? lead : undefined);
  return (
    <>
      <Box
        sx={{
          color: '#FFFFFF',
          background: `linear-gradient(135deg, ${BRAND.ink} 0%, ${BRAND.inkSoft} 100%)`,
          ...(compact ? COMPACT_BAND : BAND),
        }}
      >
        <Container maxWidth="lg">
          <Typography variant="h1" sx={compact ? { fontSize: { xs: '1.75rem', md: '2.25rem' } } : undefined}>
            {title}
          </Typography>
          {lead ? (
            <Typography component="p" sx={compact ? COMPACT_LEAD : LEAD}>
              {lead}
            </Typography>
          ) : null}
          {actions ? <Box sx={{ mt: 3, display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>{actions}</Box> : null}
        </Container>
      </Box>
      {children ? (
        <Container maxWidth="lg" sx={{ py: compact ? { xs: 2, md: 3 } : { xs: 4, md: 6 } }}>
          {children}
        </Container>
      ) : null}
    </>
  );
}
