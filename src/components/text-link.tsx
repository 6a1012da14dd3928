import MuiLink, { type LinkProps as MuiLinkProps } from '@mui/material/Link';
import { createLink } from '@tanstack/react-router';

/** MUI's text link navigating through the router (a real <a href>), like ./links.tsx's ButtonLink. */
function TextAnchor(props: MuiLinkProps) {
  return <MuiLink {...props} />;
}

export const TextLink = createLink(TextAnchor);
