import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { NAMED_ROUTES } from '@/lib/named-routes';
import { BRAND, HERO, HERO_BACKGROUND, PRODUCT_NAME } from '@contract/brand';
import { ButtonLink } from '@/components/links';
import { useDocumentTitle } from '@/components/PageLayout';
import { FEATURES, REASONS, STEPS } from '../content';
import { FeatureGrid } from './FeatureGrid';

const HOME_FEATURES = FEATURES.filter((feature) => ['design', 'preview', 'ordering', 'billing'].includes(feature.id));

function Section({ id, title, lead, tinted, children }: { id: string; title: string; lead?: string; tinted?: boolean; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ py: { xs: 6, md: 9 }, backgroundColor: tinted ? BRAND.surface : undefined }}>
      <Container maxWidth="lg">
        <Typography id={id} variant="h2">
          {title}
        </Typography>
        {lead ? (
          <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 680, fontSize: '1.0625rem' }}>
            {lead}
          </Typography>
        ) : null}
        <Box sx={{ mt: 4 }}>{children}</Box>
      </Container>
    </Box>
  );
}

function Hero() {
  return (
    <Box
      sx={{
        color: '#FFFFFF',
        background: HERO_BACKGROUND,
        pt: { xs: 14, md: 20 },
        pb: { xs: 8, md: 14 },
      }}
    >
      <Container maxWidth="lg">
        <Typography variant="h1" sx={{ fontSize: { xs: '2.25rem', md: '3.5rem' }, maxWidth: 820 }}>
          {HERO.title}
        </Typography>
        <Typography component="p" sx={{ mt: 2, maxWidth: 640, fontSize: { xs: '1.125rem', md: '1.25rem' }, color: BRAND.footerText }}>
          {HERO.lead}
        </Typography>
        <Box sx={{ mt: 4, display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          <ButtonLink
            to={NAMED_ROUTES.ShopSetupPage}
            variant="contained"
            size="large"
            sx={{ backgroundColor: '#FFFFFF', color: BRAND.ink, '&:hover': { backgroundColor: BRAND.surface } }}
          >
            {HERO.primaryAction}
          </ButtonLink>
          <ButtonLink to="/features" variant="outlined" size="large" color="inherit" sx={{ borderColor: 'rgba(255,255,255,0.7)' }}>
            {HERO.secondaryAction}
          </ButtonLink>
        </Box>
      </Container>
    </Box>
  );
}

function Steps() {
  return (
    <Box
      component="ol"
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}
    >
      {STEPS.map((step, index) => (
        <li key={step.title}>
          <Box
            aria-hidden="true"
            sx={{
              width: 40,
              height: 40,
              borderRadius: '50%',
              display: 'grid',
              placeItems: 'center',
              fontWeight: 700,
              color: '#FFFFFF',
              backgroundColor: 'primary.main',
            }}
          >
            {index + 1}
          </Box>
          <Typography variant="h3" sx={{ mt: 1.5 }}>
            {step.title}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {step.summary}
          </Typography>
        </li>
      ))}
    </Box>
  );
}

function Reasons() {
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}>
      {REASONS.map((reason) => (
        <Box component="li" key={reason.title} sx={{ p: 3, borderRadius: 3, backgroundColor: '#FFFFFF', border: '1px solid', borderColor: 'divider' }}>
          <Typography variant="h3">{reason.title}</Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {reason.summary}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** `plans`: the pricing teaser's plans (the plans feature's, composed by the route). */
export function HomePage({ plans, templates }: { plans: ReactNode; templates?: ReactNode }) {
  useDocumentTitle(`${PRODUCT_NAME}: design and order your shop's mobile app`, HERO.lead);
  return (
    <>
      <Hero />
      <Section id="home-steps" title="How it works" lead="From your shop's details to an app in your customers' hands, in four steps.">
        <Steps />
      </Section>
      <Section id="home-reasons" title={`Why ${PRODUCT_NAME}`} tinted>
        <Reasons />
      </Section>
      <Section id="home-features" title="Features" lead="Design, preview, order and pay, all in one portal.">
        <FeatureGrid features={HOME_FEATURES} />
        <ButtonLink to="/features" sx={{ mt: 3 }}>
          All features
        </ButtonLink>
      </Section>
      <Section id="home-templates" title="Templates" lead="Ready-made designs for health and beauty, jewellery and accessories, and phones and tablets." tinted>
        {templates ?? <Typography>No templates have been published yet. Start from your own design in the meantime.</Typography>}
        <ButtonLink to="/templates" variant="outlined" sx={{ mt: 2 }}>
          Browse templates
        </ButtonLink>
      </Section>
      <Section id="home-pricing" title="Pricing" lead="Every app runs on a monthly plan, billed by the minutes it is used.">
        {plans}
        <ButtonLink to="/pricing" sx={{ mt: 3 }}>
          Compare plans
        </ButtonLink>
      </Section>
    </>
  );
}
