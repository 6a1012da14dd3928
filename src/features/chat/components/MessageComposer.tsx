/** The message input of the merchant's panel and the agent inbox: Enter sends, Shift+Enter breaks the line. */
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import { CHAT_LIMITS } from '@contract/chat/paths';

interface MessageComposerProps {
  /** The input's accessible name. */
  label: string;
  draft: string;
  onDraft: (draft: string) => void;
  onSubmit: () => void;
}

export function MessageComposer({ label, draft, onDraft, onSubmit }: MessageComposerProps) {
  return (
    <Box
      component="form"
      sx={{ display: 'flex', gap: 1, p: 1, borderTop: 1, borderColor: 'divider' }}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <TextField
        size="small"
        fullWidth
        multiline
        maxRows={4}
        placeholder="start typing"
        slotProps={{ htmlInput: { 'aria-label': label, maxLength: CHAT_LIMITS.content } }}
        value={draft}
        onChange={(event) => onDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            onSubmit();
          }
        }}
      />
      <IconButton type="submit" aria-label="Send" color="primary" disabled={!draft.trim()}>
        <SendIcon />
      </IconButton>
    </Box>
  );
}
