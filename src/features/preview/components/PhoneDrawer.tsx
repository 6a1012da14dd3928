/** The phone's side drawer (spec section 4 sideNavigationDrawer): its ripples, header and menu. */
import { cssColour, withOpacity } from '@contract/colour';
import { CONSTANTS } from '@contract/constants';
import { Icon } from '../icons';
import { SIDE_MENU, selectExclusive } from '../navigation';
import type { Selections } from '../phone-state';
import { gradientCss } from '../styles';
import { shopNameInToolbar, sideMenuColumns } from '../truncation';
import { Picture, Tap, textCss } from './parts';
import type { PhoneScreenProps } from './phone-screen-props';

export function Drawer({ creation, selections, dispatch }: PhoneScreenProps) {
  const d = creation.sideNavigationDrawer;
  const theme = d.theme;
  const items = selectExclusive(SIDE_MENU, selections.screen);
  const columns = sideMenuColumns(theme);
  const ripples = Array.from({ length: d.ripple.count }, (_, i) => i);
  const rippleColour = withOpacity(d.ripple.color, d.ripple.opacity);
  return (
    <div style={{ position: 'absolute', inset: 0, zIndex: 4 }}>
      <Tap
        label="Close menu"
        onClick={() => dispatch({ type: 'menu', open: false })}
        style={{ position: 'absolute', inset: 0, background: 'rgba(15,18,30,.45)', width: '100%' }}
      >
        <span />
      </Tap>
      <nav
        aria-label="Side menu"
        style={{
          position: 'absolute',
          top: 0,
          bottom: 0,
          left: 0,
          width: CONSTANTS.sideDrawerWidthPx,
          background: gradientCss(d.background),
          overflow: 'hidden',
          boxShadow: '4px 0 24px rgba(0,0,0,.2)',
          display: 'flex',
          flexDirection: 'column',
        }}
      >
        {ripples.map((i) =>
          theme === 'theme_a' ? (
            <span
              key={i}
              aria-hidden="true"
              style={{
                position: 'absolute',
                left: '50%',
                bottom: -40 - i * d.ripple.spacing,
                width: 0,
                height: 0,
                marginLeft: -(120 + i * d.ripple.spacing),
                borderLeft: `${120 + i * d.ripple.spacing}px solid transparent`,
                borderRight: `${120 + i * d.ripple.spacing}px solid transparent`,
                borderBottom: `${200 + i * d.ripple.spacing * 2}px solid ${rippleColour}`,
              }}
            />
          ) : theme === 'theme_b' ? (
            <span
              key={i}
              aria-hidden="true"
              style={{
                position: 'absolute',
                right: -60 - i * d.ripple.spacing,
                [d.ripple.position === 'top' ? 'top' : 'bottom']: -60 - i * d.ripple.spacing,
                width: 160 + i * d.ripple.spacing * 2,
                height: 160 + i * d.ripple.spacing * 2,
                borderRadius: '50%',
                background: rippleColour,
              }}
            />
          ) : null,
        )}
        <div
          style={{
            background: gradientCss(d.header.background),
            padding: '44px 16px 16px',
            ...textCss(d.header.font),
            position: 'relative',
            textAlign: 'left',
          }}
        >
          <span style={{ width: 52, height: 52, borderRadius: 26, display: 'grid', placeItems: 'center', background: 'rgba(255,255,255,.2)', marginBottom: 8 }}>
            {creation.shop.logo ? <Picture src={creation.shop.logo} alt="" style={{ borderRadius: 26 }} /> : <Icon name="store" size={28} />}
          </span>
          <strong style={{ display: 'block' }}>{shopNameInToolbar(creation.shop.name)}</strong>
          <span style={{ fontSize: 12, opacity: 0.85 }}>{creation.shop.slogan}</span>
        </div>
        <div style={{ padding: 10, display: 'grid', gridTemplateColumns: `repeat(${columns}, 1fr)`, gap: columns === 2 ? 8 : 2, position: 'relative' }}>
          {items.map((item, i) => {
            const style = item.isSelected ? d.item.selected : d.item.unselected;
            return (
              <div key={item.key}>
                <Tap
                  pressed={item.isSelected}
                  onClick={() => dispatch({ type: 'go', screen: item.key as Selections['screen'] })}
                  style={{
                    width: '100%',
                    display: 'flex',
                    flexDirection: columns === 2 ? 'column' : 'row',
                    alignItems: 'center',
                    gap: columns === 2 ? 6 : 14,
                    padding: columns === 2 ? '14px 6px' : '11px 12px',
                    borderRadius: theme === 'theme_c' ? '0 10px 10px 0' : 12,
                    background: cssColour(style.background),
                    border: columns === 2 ? `1px solid ${cssColour(d.divider.color)}` : 'none',
                    borderLeft: theme === 'theme_c' ? `4px solid ${item.isSelected ? cssColour(creation.colors.primary) : 'transparent'}` : undefined,
                    ...textCss(style.font),
                    fontWeight: item.isSelected ? 700 : 500,
                    textAlign: columns === 2 ? 'center' : 'left',
                  }}
                >
                  <Icon name={item.icon} size={columns === 2 ? 26 : 20} />
                  {item.title}
                </Tap>
                {d.divider.isShow && columns === 1 && i < items.length - 1 && (
                  <hr style={{ border: 'none', borderTop: `1px solid ${cssColour(d.divider.color)}`, margin: '2px 8px' }} />
                )}
              </div>
            );
          })}
        </div>
      </nav>
    </div>
  );
}
