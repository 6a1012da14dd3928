import ListItemButton, { type ListItemButtonProps } from '@mui/material/ListItemButton';
import { createLink } from '@tanstack/react-router';

function ListItemAnchor(props: ListItemButtonProps<'a'>) {
  return <ListItemButton component="a" {...props} />;
}

/** A router link rendered as a list item (the side drawer): kept apart from ../links so the shell does not load ListItemButton. */
export const ListItemLink = createLink(ListItemAnchor);
