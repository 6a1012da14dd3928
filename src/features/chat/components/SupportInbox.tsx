/**
 * The agent inbox (issue 13; the spec's chat has no agent side): rooms by last activity with
 * unread counts and who the merchant is, the conversation, typing both ways. Opening it makes the
 * agent present (admin-online): merchants see 'a person is here'.
 */
import { useEffect, useRef, useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CHAT_EVENTS, CHAT_ROOMS } from '@contract/chat/paths';
import type { ChatMessage, InboxRoom, TypingEvent } from '@contract/chat/schemas';
import { CONSTANTS } from '@contract/constants';
import { PageLayout } from '@/components/PageLayout';
import { getToken } from '@/lib/session/token';
import { openRealtimeLine } from '@/realtime/transport';
import { getChats } from '../api/get-chats';
import { inboxQueryOptions } from '../api/get-inbox';
import { sendMessage } from '../api/send-message';
import { sendTyping } from '../api/send-typing';
import { storedDeviceId } from '../device-id';
import { mergeMessages, type ShownMessage } from '../messages';
import { MessageComposer } from './MessageComposer';

/** The agent's own device id: the stored one, else one for this tab (agents need no fingerprint). */
const agentDevice = storedDeviceId() ?? `agent-${crypto.randomUUID()}`;

const roomLabel = (room: InboxRoom) => (room.merchant ? `${room.merchant.name} (${room.merchant.email})` : `Visitor ${room.deviceId.slice(0, 8)}`);

export function SupportInbox({ agentId }: { agentId: number }) {
  const queryClient = useQueryClient();
  const { data: rooms = [] } = useQuery(inboxQueryOptions());
  const [selected, setSelected] = useState<string | null>(null);
  const [messages, setMessages] = useState<ShownMessage[]>([]);
  const [typingRooms, setTypingRooms] = useState<Record<string, boolean>>({});
  const [draft, setDraft] = useState('');
  const [page, setPage] = useState(0);
  const [hasOlder, setHasOlder] = useState(false);
  const selectedRef = useRef<string | null>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const typingSent = useRef(false);
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const line = openRealtimeLine({
      auth: () => ({ token: getToken(), deviceId: agentDevice }),
      onConnect: (socket) => {
        socket.emit('join', CHAT_ROOMS.agents);
        // Whatever came while the line was down.
        void queryClient.invalidateQueries({ queryKey: inboxQueryOptions().queryKey });
        const room = selectedRef.current;
        if (room)
          void getChats(room, agentDevice, 0).then(
            (newest) => setMessages((current) => mergeMessages(current, newest)),
            (error: unknown) => console.error('Error while getting chats', error),
          );
      },
    });
    const socket = line.socket;
    socket.on(CHAT_EVENTS.newMessage, (message: ChatMessage) => {
      if (message.room === selectedRef.current) {
        setMessages((current) => mergeMessages(current, [message]));
        setTypingRooms((current) => ({ ...current, [message.room]: false }));
        // Seen at once: the read mark follows.
        if (message.sender === 'merchant') void getChats(message.room, agentDevice, 0).catch(() => {});
      }
      void queryClient.invalidateQueries({ queryKey: inboxQueryOptions().queryKey });
    });
    socket.on(CHAT_EVENTS.isTyping, (event: TypingEvent) => {
      if (event.sender === 'merchant') setTypingRooms((current) => ({ ...current, [event.room]: event.isTyping }));
    });
    return () => line.close();
  }, [queryClient, agentId]);

  const open = async (roomId: string) => {
    selectedRef.current = roomId;
    setSelected(roomId);
    setMessages([]);
    setPage(0);
    try {
      const newest = await getChats(roomId, agentDevice, 0);
      setMessages(newest);
      setHasOlder(newest.length === CONSTANTS.chatHistoryPageSize);
      void queryClient.invalidateQueries({ queryKey: inboxQueryOptions().queryKey });
    } catch (error) {
      console.error('Error while getting chats', error);
    }
  };

  const older = async () => {
    if (!selected) return;
    try {
      const previous = await getChats(selected, agentDevice, page + 1);
      setPage(page + 1);
      setHasOlder(previous.length === CONSTANTS.chatHistoryPageSize);
      setMessages((current) => mergeMessages(previous, current));
    } catch (error) {
      console.error('Error while getting chats', error);
    }
  };

  const lastId = messages.at(-1)?.clientId;
  useEffect(() => {
    const timer = setTimeout(() => listRef.current?.scrollTo({ top: listRef.current.scrollHeight }), CONSTANTS.scrollToBottomDelayMs);
    return () => clearTimeout(timer);
  }, [lastId]);

  const stopTyping = (room: string) => {
    clearTimeout(typingTimer.current);
    if (!typingSent.current) return;
    typingSent.current = false;
    sendTyping({ room, deviceId: agentDevice, isTyping: false }).catch(() => {});
  };

  const typed = () => {
    const room = selected;
    if (!room) return;
    if (!typingSent.current) {
      typingSent.current = true;
      sendTyping({ room, deviceId: agentDevice, isTyping: true }).catch(() => {});
    }
    clearTimeout(typingTimer.current);
    typingTimer.current = setTimeout(() => stopTyping(room), CONSTANTS.typingDebounceMs);
  };

  const submit = async () => {
    const room = selected;
    const content = draft.trim();
    if (!room || !content) return;
    stopTyping(room);
    setDraft('');
    try {
      const stored = await sendMessage({ room, deviceId: agentDevice, content, clientId: crypto.randomUUID() });
      setMessages((current) => mergeMessages(current, [stored]));
    } catch (error) {
      console.error('Could not send the message', error);
      setDraft(content);
    }
  };

  const current = rooms.find((room) => room.roomId === selected) ?? null;
  return (
    <PageLayout title="Support inbox">
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '320px 1fr' }, gap: 2 }}>
        <Paper component="section" aria-label="Conversations">
          {rooms.length === 0 ? (
            <Typography sx={{ p: 2 }} color="text.secondary">
              No conversations yet.
            </Typography>
          ) : null}
          <List dense>
            {rooms.map((room) => (
              <ListItem key={room.roomId} disablePadding>
                <ListItemButton selected={room.roomId === selected} onClick={() => void open(room.roomId)}>
                  <ListItemText
                    primary={roomLabel(room)}
                    secondary={typingRooms[room.roomId] ? 'typing…' : (room.lastMessage ?? 'No messages yet')}
                    slotProps={{ secondary: { noWrap: true } }}
                  />
                  <Badge badgeContent={room.unread} color="error" sx={{ ml: 2 }} aria-label={`${room.unread} unread`} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Paper>
        <Paper component="section" aria-label="Conversation" sx={{ display: 'flex', flexDirection: 'column', minHeight: 420 }}>
          {current ? (
            <>
              <Typography component="h2" variant="h6" sx={{ p: 2, borderBottom: 1, borderColor: 'divider' }}>
                {roomLabel(current)}
              </Typography>
              <Box
                ref={listRef}
                role="log"
                aria-live="polite"
                aria-label="Messages"
                sx={{ flexGrow: 1, overflowY: 'auto', p: 2, maxHeight: '60vh', display: 'flex', flexDirection: 'column', gap: 1 }}
              >
                {hasOlder ? (
                  <Button size="small" onClick={() => void older()} sx={{ alignSelf: 'center' }}>
                    Older messages
                  </Button>
                ) : null}
                {messages.map((message) => (
                  <Box
                    key={message.clientId}
                    data-testid="chat-message"
                    sx={{
                      alignSelf: message.sender === 'agent' ? 'flex-end' : 'flex-start',
                      maxWidth: '80%',
                      px: 1.5,
                      py: 1,
                      borderRadius: 2,
                      bgcolor: message.sender === 'agent' ? 'primary.main' : 'grey.200',
                      color: message.sender === 'agent' ? 'primary.contrastText' : 'text.primary',
                      whiteSpace: 'pre-wrap',
                      overflowWrap: 'anywhere',
                    }}
                  >
                    <Typography variant="body2">{message.content}</Typography>
                  </Box>
                ))}
              </Box>
              {typingRooms[current.roomId] ? (
                <Typography variant="caption" color="text.secondary" sx={{ px: 2 }} role="status">
                  The merchant is typing…
                </Typography>
              ) : null}
              <MessageComposer
                label="Answer"
                draft={draft}
                onDraft={(value) => {
                  setDraft(value);
                  typed();
                }}
                onSubmit={() => void submit()}
              />
            </>
          ) : (
            <Typography sx={{ p: 2 }} color="text.secondary">
              Choose a conversation.
            </Typography>
          )}
        </Paper>
      </Box>
    </PageLayout>
  );
}
