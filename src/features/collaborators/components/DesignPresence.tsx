/** Avatars of who is in the design now, each with the section they are in (issue 14). */
import Avatar from '@mui/material/Avatar';
import AvatarGroup from '@mui/material/AvatarGroup';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { AccessRights } from '@contract/collaborators/schemas';
import { useDesignPresence } from '../use-design-presence';

export function DesignPresence({
  alias,
  section,
  selfId,
  onAccess,
}: {
  alias: string;
  section: string;
  selfId: number;
  onAccess?: (rights: AccessRights | null) => void;
}) {
  const members = useDesignPresence({ alias, section, ...(onAccess ? { onAccess } : {}) });
  const others = members.filter((member) => member.userId !== selfId);
  if (others.length === 0) return null;
  const label = `In this design now: ${others.map((member) => `${member.name} (${member.section})`).join(', ')}`;
  return (
    <Box role="group" aria-label={label} data-testid="design-presence" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <AvatarGroup max={5} sx={{ '& .MuiAvatar-root': { width: 32, height: 32, fontSize: 14 } }}>
        {others.map((member) => (
          <Tooltip key={member.userId} title={`${member.name} · ${member.section}`}>
            <Avatar alt={member.name} src={member.picture || undefined} sx={{ bgcolor: member.colour, border: `2px solid ${member.colour}` }}>
              {member.initials}
            </Avatar>
          </Tooltip>
        ))}
      </AvatarGroup>
      <Typography variant="body2" sx={{ display: { xs: 'none', sm: 'block' } }} data-testid="presence-sections">
        {others.map((member) => `${member.name.split(' ')[0]}: ${member.section}`).join(' · ')}
      </Typography>
    </Box>
  );
}
