/** The splash screen, themes theme_a to theme_h (spec sections 2 and 3): pane, ripples, logo, label, slogan, background. */
import type { CSSProperties } from 'react';
import { cssColour, withOpacity } from '@contract/colour';
import type { Creation } from '@contract/design/schemas';
import { fontStack, gradientCss } from '../styles';
import { Picture } from './parts';

export function splashBackground(creation: Creation): string {
  const bg = creation.splashScreen.background;
  const url = bg.image.fullUrl || bg.image.value;
  if (bg.type === 'image' && url) return `center / cover no-repeat url("${encodeURI(url)}")`;
  if (bg.type === 'color') return cssColour(bg.color);
  return gradientCss(bg.gradient);
}

export function ShopLogo({ creation, size, radius }: { creation: Creation; size: number; radius: number }) {
  const name = creation.splashScreen.text.appName || creation.shop.name;
  return (
    <span
      style={{
        width: size,
        height: size,
        borderRadius: radius,
        overflow: 'hidden',
        display: 'grid',
        placeItems: 'center',
        background: '#fff',
        color: cssColour(creation.colors.primary),
        boxShadow: '0 8px 24px rgba(0,0,0,.18)',
        fontWeight: 800,
        fontSize: size * 0.42,
        flex: 'none',
      }}
    >
      {creation.shop.logo ? (
        <Picture src={creation.shop.logo} alt={`${name} logo`} />
      ) : (
        <span aria-label={`${name} logo`}>{name.trim().charAt(0).toUpperCase() || 'S'}</span>
      )}
    </span>
  );
}

const POSITION: Record<string, CSSProperties['justifyContent']> = { top: 'flex-start', center: 'center', bottom: 'flex-end' };

export function SplashScreen({ creation }: { creation: Creation }) {
  const s = creation.splashScreen;
  const theme = s.theme;
  const pane = withOpacity(s.paneColor, s.paneOpacity);
  const spread = Math.max(0.2, s.paneSpread);
  const ripples = theme === 'theme_f' || theme === 'theme_g' || theme === 'theme_h' ? Array.from({ length: s.ripplesCount }, (_, i) => i) : [];
  const content = (
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 12, textAlign: 'center', position: 'relative', padding: 20 }}>
      {s.isShowLogo && <ShopLogo creation={creation} size={s.logo.size.width} radius={s.logo.borderRadius} />}
      {s.isShowLabel && (
        <h2
          style={{
            margin: 0,
            fontFamily: fontStack(s.font.fontFamily),
            fontSize: s.font.size,
            color: cssColour(s.font.color),
            fontWeight: 400,
            lineHeight: 1.1,
            textShadow: '0 2px 10px rgba(0,0,0,.18)',
          }}
        >
          {s.text.appName}
        </h2>
      )}
      {s.isShowSlogan && <p style={{ margin: 0, color: cssColour(s.font.color), opacity: 0.9, fontSize: 14, letterSpacing: 0.4 }}>{s.text.appSlogan}</p>}
    </div>
  );
  let paneStyle: CSSProperties | undefined;
  if (theme === 'theme_a') paneStyle = { width: `${spread * 100}%`, padding: '12px 0', borderRadius: 28, background: pane, backdropFilter: 'blur(6px)' };
  if (theme === 'theme_b')
    paneStyle = { position: 'absolute', left: 0, right: 0, bottom: 0, height: `${spread * 100}%`, borderRadius: '36px 36px 0 0', background: pane };
  if (theme === 'theme_c') paneStyle = { position: 'absolute', width: `${spread * 150}%`, aspectRatio: '1', borderRadius: '50%', background: pane };
  if (theme === 'theme_d')
    paneStyle = { position: 'absolute', left: '-20%', right: '-20%', height: `${spread * 70}%`, transform: 'rotate(-14deg)', background: pane };
  if (theme === 'theme_e')
    paneStyle = { position: 'absolute', top: 0, bottom: 0, left: 0, width: `${spread * 100}%`, background: pane, borderRadius: '0 40px 40px 0' };
  return (
    <div
      data-theme={theme}
      style={{
        position: 'relative',
        flex: 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: POSITION[s.panePosition],
        padding: '60px 0',
        background: splashBackground(creation),
        overflow: 'hidden',
      }}
    >
      {ripples.map((i) => {
        const size = 120 + i * 90;
        const common: CSSProperties = {
          position: 'absolute',
          width: size,
          height: size,
          borderRadius: '50%',
          border: `2px solid ${pane}`,
          background: withOpacity(s.paneColor, s.paneOpacity / (i + 2)),
        };
        if (theme === 'theme_g') return <span key={i} aria-hidden="true" style={{ ...common, top: -size / 2, left: -size / 2 }} />;
        if (theme === 'theme_h')
          return <span key={i} aria-hidden="true" style={{ ...common, width: size * 1.8, bottom: -size / 2, left: '50%', marginLeft: -size * 0.9 }} />;
        return <span key={i} aria-hidden="true" style={{ ...common, top: '50%', left: '50%', marginTop: -size / 2, marginLeft: -size / 2 }} />;
      })}
      {paneStyle && theme !== 'theme_a' && <span aria-hidden="true" style={paneStyle} />}
      {theme === 'theme_a' ? <div style={paneStyle}>{content}</div> : content}
    </div>
  );
}
