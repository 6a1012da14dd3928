/** The login screen (full screen) or modal (over the home page): auth switches, logo, label, radius (spec section 3). */
import type { ReactNode } from 'react';
import { cssColour } from '@contract/colour';
import type { Creation } from '@contract/design/schemas';
import { Icon } from '../icons';
import { PrimaryButton, reset } from './parts';
import { ShopLogo, splashBackground } from './SplashScreen';

export function LoginScreen({ creation, home }: { creation: Creation; home: ReactNode }) {
  const full = creation.loginScreen.isFullScreen;
  const options = full ? creation.loginScreen : creation.loginModal;
  const primary = cssColour(creation.colors.primary);
  const field = (icon: 'email' | 'lock', label: string, type: string) => (
    <label
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        padding: '11px 12px',
        borderRadius: 12,
        border: '1px solid #E2E4EE',
        background: '#fff',
        color: '#5E6378',
      }}
    >
      <Icon name={icon} size={18} />
      <input aria-label={label} placeholder={label} type={type} readOnly style={{ ...reset, flex: 1, minWidth: 0, cursor: 'text', color: '#1F2233' }} />
    </label>
  );
  const social = (icon: 'google' | 'facebook', label: string, colour: string) => (
    <button
      type="button"
      style={{
        ...reset,
        flex: 1,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 8,
        padding: '10px 0',
        borderRadius: 12,
        border: '1px solid #E2E4EE',
        background: '#fff',
        color: '#1F2233',
        fontWeight: 600,
      }}
    >
      <Icon name={icon} size={18} color={colour} />
      {label}
    </button>
  );
  const card = (
    <div
      role={full ? undefined : 'dialog'}
      aria-label={full ? undefined : 'Login'}
      style={{
        background: '#fff',
        color: '#1F2233',
        borderRadius: options.borderRadius,
        padding: 20,
        display: 'flex',
        flexDirection: 'column',
        gap: 12,
        boxShadow: '0 16px 40px rgba(0,0,0,.22)',
        textAlign: 'left',
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        {options.isShowLogo && <ShopLogo creation={creation} size={46} radius={14} />}
        {options.isShowLabel && (
          <span>
            <strong style={{ display: 'block', fontSize: 18 }}>Welcome back</strong>
            <span style={{ fontSize: 13, color: '#5E6378' }}>Sign in to {creation.shop.name}</span>
          </span>
        )}
      </div>
      {options.allowCustomAuth && (
        <>
          {field('email', 'Email', 'email')}
          {field('lock', 'Password', 'password')}
          <PrimaryButton creation={creation} label="Sign In" onClick={() => undefined} />
        </>
      )}
      {(options.allowGoogleAuth || options.allowFacebookAuth) && (
        <>
          {options.allowCustomAuth && <div style={{ textAlign: 'center', fontSize: 12, color: '#6B7085' }}>or continue with</div>}
          <div style={{ display: 'flex', gap: 8 }}>
            {options.allowGoogleAuth && social('google', 'Google', '#DB4437')}
            {options.allowFacebookAuth && social('facebook', 'Facebook', '#1877F2')}
          </div>
        </>
      )}
      <span style={{ fontSize: 12, color: '#5E6378', textAlign: 'center' }}>
        New here? <strong style={{ color: primary }}>Create an account</strong>
      </span>
    </div>
  );
  if (full) {
    return (
      <div
        style={{
          flex: 1,
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'flex-end',
          padding: 16,
          paddingBottom: 28,
          background: splashBackground(creation),
        }}
      >
        {card}
      </div>
    );
  }
  return (
    <div style={{ position: 'relative', flex: 1, overflow: 'hidden' }}>
      <div aria-hidden="true" inert style={{ position: 'absolute', inset: 0, overflow: 'hidden', filter: 'blur(1px)' }}>
        {home}
      </div>
      <div style={{ position: 'absolute', inset: 0, background: 'rgba(15,18,30,.5)', display: 'flex', alignItems: 'center', padding: 18 }}>
        <div style={{ width: '100%' }}>{card}</div>
      </div>
    </div>
  );
}
