/** Small building blocks of the phone screens, styled only by the Creation (inline styles: cheap to render). */
import type { CSSProperties, ReactNode } from 'react';
import { cssColour } from '@contract/colour';
import type { Creation } from '@contract/design/schemas';
import { Icon, type IconName } from '../icons';
import { borderCss, elevationCss, fontStack, gradientCss, radiusCss } from '../styles';

type BoxStyle = Creation['quantitySelection']['wrapper'];
type TextStyle = Creation['measurementItem']['title'];

export function textCss(style: TextStyle): CSSProperties {
  return { fontSize: style.size, color: cssColour(style.color), fontFamily: fontStack(style.fontFamily) };
}

export function boxCss(style: BoxStyle): CSSProperties {
  return { background: cssColour(style.background), border: borderCss(style.border), borderRadius: radiusCss(style.border.radius), ...textCss(style.font) };
}

export const reset: CSSProperties = { border: 'none', background: 'none', padding: 0, margin: 0, font: 'inherit', color: 'inherit', cursor: 'pointer' };

/** A tappable area of the phone, a real button for keyboards and screen readers. */
export function Tap({
  label,
  onClick,
  style,
  children,
  pressed,
}: {
  label?: string;
  onClick: () => void;
  style?: CSSProperties;
  children: ReactNode;
  pressed?: boolean;
}) {
  return (
    <button type="button" aria-label={label} aria-pressed={pressed} onClick={onClick} style={{ ...reset, ...style }}>
      {children}
    </button>
  );
}

export function IconTap({ icon, label, onClick, color, size = 22 }: { icon: IconName; label: string; onClick: () => void; color: string; size?: number }) {
  return (
    <Tap label={label} onClick={onClick} style={{ width: 40, height: 40, display: 'grid', placeItems: 'center', borderRadius: 20, color }}>
      <Icon name={icon} size={size} />
    </Tap>
  );
}

/** The design's main button: its gradient, elevation, font colour and four corner radii. */
export function PrimaryButton({ creation, label, onClick, style }: { creation: Creation; label: string; onClick: () => void; style?: CSSProperties }) {
  const b = creation.buttons;
  return (
    <Tap
      onClick={onClick}
      style={{
        background: gradientCss(b.gradient),
        boxShadow: elevationCss(b.elevation),
        color: cssColour(b.font.fontColor),
        fontSize: b.font.size,
        fontFamily: fontStack(b.font.fontFamily),
        fontWeight: 600,
        borderRadius: radiusCss(b.border.radius),
        padding: '12px 16px',
        textAlign: 'center',
        ...style,
      }}
    >
      {label}
    </Tap>
  );
}

/** Rating out of 5 as star characters: one text node, cheap in a list of 30. */
export function Stars({ value, size = 14 }: { value: number; size?: number }) {
  const full = Math.round(value);
  return (
    <span className="pv-stars" role="img" aria-label={`${value.toFixed(1).replace(/\.0$/, '')} out of 5 stars`} style={{ fontSize: size + 2 }}>
      {'★'.repeat(full)}
      {'☆'.repeat(5 - full)}
    </span>
  );
}

export function Picture({ src, alt, style }: { src: string; alt: string; style?: CSSProperties }) {
  return (
    <img src={src} alt={alt} draggable={false} decoding="async" style={{ display: 'block', objectFit: 'cover', width: '100%', height: '100%', ...style }} />
  );
}

export function Section({ title, children, color }: { title: string; children: ReactNode; color: string }) {
  return (
    <section style={{ background: '#fff', borderRadius: 14, padding: 14, margin: '0 12px 12px', boxShadow: '0 1px 3px rgba(17,24,39,.08)' }}>
      <h3 style={{ margin: '0 0 10px', fontSize: 13, letterSpacing: 0.4, textTransform: 'uppercase', color }}>{title}</h3>
      {children}
    </section>
  );
}
