/** The phone's bottom navigation bar (spec section 4 bottomNavBar). */
import { cssColour, withOpacity } from '@contract/colour';
import { Icon } from '../icons';
import { BOTTOM_NAV, bottomNavKeyFor, selectExclusive } from '../navigation';
import { Tap, textCss } from './parts';
import type { PhoneScreenProps } from './phone-screen-props';

export function BottomNav({ creation, selections, dispatch }: PhoneScreenProps) {
  const b = creation.bottomNavBar;
  const items = selectExclusive(BOTTOM_NAV, bottomNavKeyFor(selections.screen));
  const floating = b.theme === 'theme_b';
  return (
    <nav
      aria-label="Bottom navigation"
      style={{
        flex: 'none',
        display: 'flex',
        background: cssColour(b.background),
        margin: floating ? '0 12px 12px' : 0,
        borderRadius: floating ? b.bevel : b.theme === 'theme_c' ? `${b.bevel}px ${b.bevel}px 0 0` : 0,
        boxShadow: floating ? '0 6px 20px rgba(17,24,39,.18)' : '0 -1px 6px rgba(17,24,39,.08)',
        padding: '6px 6px 10px',
        zIndex: 1,
      }}
    >
      {items.map((item) => {
        const colour = cssColour(item.isSelected ? b.selectedColor : b.unSelectedColor);
        const label = item.isSelected || b.showUnselectedLabels;
        const font = textCss(item.isSelected ? b.selected : b.unselected);
        return (
          <Tap
            key={item.key}
            pressed={item.isSelected}
            label={item.title}
            onClick={() => dispatch({ type: 'bottom-nav', key: item.key })}
            style={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, padding: '4px 0', color: colour }}
          >
            <span
              style={{
                display: 'grid',
                placeItems: 'center',
                width: 52,
                height: 28,
                borderRadius: 14,
                background: b.theme === 'theme_c' && item.isSelected ? withOpacity(b.selectedColor, 0.14) : 'transparent',
              }}
            >
              <Icon name={item.icon} size={22} />
            </span>
            {label && <span style={{ ...font, color: colour, fontWeight: item.isSelected ? 700 : 500 }}>{item.title}</span>}
          </Tap>
        );
      })}
    </nav>
  );
}
