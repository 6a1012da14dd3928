/** Customer care: the shop's chat. */
import { cssColour } from '@contract/colour';
import { Icon } from '../../icons';
import { Tap, reset } from '../parts';
import type { PhoneScreenProps } from '../phone-screen-props';

export function ChatPage({ creation }: PhoneScreenProps) {
  const balloon = cssColour(creation.colors.chatSenderBalloon);
  const balloonText = cssColour(creation.colors.toolBarForeground);
  const messages: Array<{ mine: boolean; text: string; at: string }> = [
    { mine: false, text: 'Hi! Welcome to customer care. How can we help you today?', at: '09:12' },
    { mine: true, text: 'Hello, I ordered the earbuds yesterday. When will they arrive?', at: '09:13' },
    { mine: false, text: 'Your order is in transit and should reach you tomorrow afternoon.', at: '09:14' },
    { mine: true, text: 'Great, thank you!', at: '09:14' },
  ];
  return (
    <div style={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
      <div style={{ flex: 1, padding: 12, display: 'flex', flexDirection: 'column', gap: 8 }}>
        {messages.map((message, i) => (
          <div
            key={i}
            style={{
              alignSelf: message.mine ? 'flex-end' : 'flex-start',
              maxWidth: '78%',
              padding: '8px 12px',
              borderRadius: message.mine ? '16px 16px 4px 16px' : '16px 16px 16px 4px',
              background: message.mine ? balloon : '#fff',
              color: message.mine ? balloonText : '#1F2233',
              boxShadow: '0 1px 2px rgba(17,24,39,.08)',
              textAlign: 'left',
            }}
          >
            {message.text}
            <span style={{ display: 'block', fontSize: 10, opacity: 0.7, textAlign: 'right', marginTop: 2 }}>{message.at}</span>
          </div>
        ))}
      </div>
      <div
        style={{ position: 'sticky', bottom: 0, display: 'flex', alignItems: 'center', gap: 6, padding: 8, background: '#fff', borderTop: '1px solid #EEF0F5' }}
      >
        <Tap label="Attach" onClick={() => undefined} style={{ width: 36, height: 36, display: 'grid', placeItems: 'center', color: '#6B7085' }}>
          <Icon name="attach" />
        </Tap>
        <input
          aria-label="Message"
          placeholder="start typing"
          style={{ ...reset, flex: 1, minWidth: 0, cursor: 'text', padding: '10px 12px', borderRadius: 20, background: '#F3F4F8', color: '#1F2233' }}
        />
        <Tap
          label="Send"
          onClick={() => undefined}
          style={{ width: 40, height: 40, borderRadius: 20, display: 'grid', placeItems: 'center', background: balloon, color: balloonText }}
        >
          <Icon name="send" size={18} />
        </Tap>
      </div>
    </div>
  );
}
