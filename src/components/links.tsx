import Button, { type ButtonProps } from '@mui/material/Button';
import MuiLink, { type LinkProps as MuiLinkProps } from '@mui/material/Link';
import { createLink } from '@tanstack/react-router';

/**
 * MUI components that navigate through the router: real <a href> elements (crawlable,
 * open-in-new-tab) with typed `to`/`params`/`search` and intent preloading.
 */
function ButtonAnchor(props: ButtonProps<'a'>) {
  return <Button component="a" {...props} />;
}
function TextAnchor(props: MuiLinkProps) {
  return <MuiLink {...props} />;
}

export const ButtonLink = createLink(ButtonAnchor);
export const TextLink = createLink(TextAnchor);
