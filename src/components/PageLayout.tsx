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

/**
 * Every page opens with a dark band holding its heading: the transparent nav bar sits on it,
 * so the white nav text keeps its contrast before the bar turns solid.
 */
export function PageLayout({ title, lead, actions, children }: PageLayoutProps) {
  // The lead is the page's description in search results and link previews.
  useDocumentTitle(title, typeof lead === 'string' ? lead : undefined);
  return (
    <>
      <Box
        sx={{
          color: '#FFFFFF',
          background: `linear-gradient(135deg, ${BRAND.ink} 0%, ${BRAND.inkSoft} 100%)`,
          pt: { xs: 12, md: 14 },
          pb: { xs: 5, md: 7 },
        }}
      >
        <Container maxWidth="lg">
          <Typography variant="h1">{title}</Typography>
          {lead ? (
            <Typography component="p" sx={{ mt: 1.5, maxWidth: 720, fontSize: '1.125rem', color: BRAND.footerText }}>
              {lead}
            </Typography>
          ) : null}
          {actions ? <Box sx={{ mt: 3, display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>{actions}</Box> : null}
        </Container>
      </Box>
      {children ? (
        <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
          {children}
        </Container>
      ) : null}
    </>
  );
}
