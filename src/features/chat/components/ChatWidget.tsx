/**
 * The floating support button and its collapsible panel titled support (spec section 2): the
 * message list (text only, never HTML), the input sent with Enter or the button, the typing
 * indicator, the unread count, and 'a person is here' while an agent is online.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import ChatIcon from '@mui/icons-material/Chat';
import CloseIcon from '@mui/icons-material/ExpandMore';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Fab from '@mui/material/Fab';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { CONSTANTS } from '@contract/constants';
import type { ChatStore } from '../chat-store';
import { MessageComposer } from './MessageComposer';

interface ChatWidgetProps {
  store: ChatStore;
  /** On the design, category-selection and template-edit screens the panel sits higher. */
  raised: boolean;
}

const PANEL_ID = 'support-chat-panel';

export default function ChatWidget({ store, raised }: ChatWidgetProps) {
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const [draft, setDraft] = useState('');
  const listRef = useRef<HTMLDivElement>(null);
  const bottom = raised ? 96 : 16;
  const lastId = state.messages.at(-1)?.clientId;

  // Spec section 9: scroll to the bottom 300 ms after a new message or opening.
  useEffect(() => {
    if (state.collapsed) return;
    const timer = setTimeout(() => listRef.current?.scrollTo({ top: listRef.current.scrollHeight }), CONSTANTS.scrollToBottomDelayMs);
    return () => clearTimeout(timer);
  }, [lastId, state.collapsed]);

  const submit = () => {
    if (!draft.trim()) return;
    void store.send(draft);
    setDraft('');
  };

  return (
    <Box
      sx={{
        position: 'fixed',
        right: 16,
        bottom,
        zIndex: (theme) => theme.zIndex.speedDial,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'flex-end',
        gap: 1,
      }}
      data-testid="support-chat"
      data-raised={raised}
    >
      {state.collapsed ? null : (
        <Paper
          id={PANEL_ID}
          role="region"
          aria-label="support"
          elevation={8}
          sx={{ width: { xs: 'calc(100vw - 32px)', sm: 360 }, maxHeight: '70vh', display: 'flex', flexDirection: 'column' }}
        >
          <Box
            sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, bgcolor: 'primary.main', color: 'primary.contrastText', borderRadius: '4px 4px 0 0' }}
          >
            <Box sx={{ flexGrow: 1 }}>
              <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 500 }}>
                support
              </Typography>
              {state.adminOnline ? <Typography variant="caption">a person is here</Typography> : null}
            </Box>
            <IconButton aria-label="Collapse support" color="inherit" onClick={() => store.setCollapsed(true)}>
              <CloseIcon />
            </IconButton>
          </Box>
          <Box
            ref={listRef}
            role="log"
            aria-live="polite"
            aria-label="Messages"
            sx={{ flexGrow: 1, overflowY: 'auto', p: 1.5, minHeight: 200, display: 'flex', flexDirection: 'column', gap: 1 }}
          >
            {state.hasOlder ? (
              <Button size="small" onClick={() => void store.loadOlder()} sx={{ alignSelf: 'center' }}>
                Older messages
              </Button>
            ) : null}
            {state.messages.length === 0 ? (
              <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', mt: 4 }}>
                Ask us anything: a person on the team answers here.
              </Typography>
            ) : null}
            {state.messages.map((message) => {
              const mine = message.sender === 'merchant';
              return (
                <Box
                  key={message.clientId}
                  data-testid="chat-message"
                  sx={{
                    alignSelf: mine ? 'flex-end' : 'flex-start',
                    maxWidth: '80%',
                    px: 1.5,
                    py: 1,
                    borderRadius: 2,
                    bgcolor: mine ? 'primary.main' : 'grey.200',
                    color: mine ? 'primary.contrastText' : 'text.primary',
                    whiteSpace: 'pre-wrap',
                    overflowWrap: 'anywhere',
                  }}
                >
                  <Typography variant="body2">{message.content}</Typography>
                  {message.pending ? <Typography variant="caption">Waiting to send</Typography> : null}
                  {message.failed ? <Typography variant="caption">{message.failed}</Typography> : null}
                </Box>
              );
            })}
          </Box>
          {state.supportIsTyping ? (
            <Typography variant="caption" color="text.secondary" sx={{ px: 2 }} role="status">
              Support is typing…
            </Typography>
          ) : null}
          <MessageComposer
            label="Message"
            draft={draft}
            onDraft={(value) => {
              setDraft(value);
              store.typed();
            }}
            onSubmit={() => submit()}
          />
        </Paper>
      )}
      <Badge badgeContent={state.unread} color="error" overlap="circular">
        <Fab
          color="primary"
          aria-label="support"
          aria-expanded={!state.collapsed}
          aria-controls={state.collapsed ? undefined : PANEL_ID}
          onClick={() => store.setCollapsed(!state.collapsed)}
        >
          <ChatIcon />
        </Fab>
      </Badge>
    </Box>
  );
}
