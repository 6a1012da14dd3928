import Button, { type ButtonProps } from '@mui/material/Button';
import { createLink } from '@tanstack/react-router';

/**
 * MUI components that navigate through the router: real <a href> elements (crawlable,
 * open-in-new-tab) with typed `to`/`params`/`search` and intent preloading. The text link is in
 * ./text-link.tsx: MUI's Link is not part of the first screen (the footer loads after it).
 */
function ButtonAnchor(props: ButtonProps<'a'>) {
  return <Button component="a" {...props} />;
}

export const ButtonLink = createLink(ButtonAnchor);
