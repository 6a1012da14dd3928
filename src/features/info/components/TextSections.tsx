import Typography from '@mui/material/Typography';

export interface TextSection {
  title: string;
  body: string;
}

/** Titled paragraphs, as the legal pages (Terms, Privacy Policy) read. */
export function TextSections({ sections }: { sections: readonly TextSection[] }) {
  return sections.map((section) => (
    <section key={section.title}>
      <Typography variant="h2" sx={{ fontSize: '1.375rem', mt: 3, mb: 1 }}>
        {section.title}
      </Typography>
      <Typography sx={{ maxWidth: 720 }}>{section.body}</Typography>
    </section>
  ));
}
