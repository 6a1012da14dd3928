/** The support page. */
import { cssColour, withOpacity } from '@contract/colour';
import { Icon } from '../../icons';
import { gradientCss } from '../../styles';
import { Tap } from '../parts';
import type { PhoneScreenProps } from '../phone-screen-props';

export function SupportPage({ creation, dispatch }: PhoneScreenProps) {
  const primary = cssColour(creation.colors.primary);
  const entries: Array<{ icon: 'chat' | 'email' | 'phone' | 'shipping' | 'payment'; title: string; detail: string; go?: true }> = [
    { icon: 'chat', title: 'Chat with us', detail: 'Replies in a few minutes', go: true },
    { icon: 'email', title: 'E-mail', detail: `help@${(creation.shop.alias || 'shop').toLowerCase()}.app` },
    { icon: 'phone', title: 'Call us', detail: 'Mon-Sat, 8:00-20:00' },
    { icon: 'shipping', title: 'Shipping & returns', detail: 'Free returns within 30 days' },
    { icon: 'payment', title: 'Payments & refunds', detail: 'Cards, transfers and wallets' },
  ];
  return (
    <div style={{ padding: 12, paddingBottom: 90, textAlign: 'left' }}>
      <div
        style={{
          borderRadius: 16,
          padding: 16,
          marginBottom: 12,
          background: gradientCss(creation.toolBar.gradient),
          color: cssColour(creation.colors.toolBarForeground),
        }}
      >
        <strong style={{ fontSize: 17 }}>How can we help?</strong>
        <p style={{ margin: '4px 0 0', fontSize: 13, opacity: 0.9 }}>We are here for every question about your orders.</p>
      </div>
      <div style={{ background: '#fff', borderRadius: 14, overflow: 'hidden', color: '#1F2233' }}>
        {entries.map((entry, i) => (
          <Tap
            key={entry.title}
            onClick={() => entry.go && dispatch({ type: 'go', screen: 'customer-care' })}
            style={{
              width: '100%',
              display: 'flex',
              alignItems: 'center',
              gap: 12,
              padding: 12,
              borderTop: i === 0 ? 'none' : '1px solid #EEF0F5',
              textAlign: 'left',
            }}
          >
            <span
              style={{
                width: 36,
                height: 36,
                borderRadius: 10,
                display: 'grid',
                placeItems: 'center',
                background: withOpacity(creation.colors.primary, 0.1),
                color: primary,
              }}
            >
              <Icon name={entry.icon} size={20} />
            </span>
            <span style={{ flex: 1 }}>
              <strong style={{ display: 'block', fontSize: 14 }}>{entry.title}</strong>
              <span style={{ fontSize: 12, color: '#6B7085' }}>{entry.detail}</span>
            </span>
            <Icon name="chevron" color="#9AA0B4" />
          </Tap>
        ))}
      </div>
    </div>
  );
}
