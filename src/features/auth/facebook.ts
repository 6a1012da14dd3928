/**
 * Facebook sign-in (spec section 3 "Registration payload", section 8 "Social login failure"). Loaded
 * only when the visitor clicks 'Continue with Facebook', together with the SDK it injects.
 */
import type { AuthResult } from '@contract/auth/schemas';
import { ApiError } from '@/api/client';
import { login } from './api/login';
import { register } from './api/register';
import { randomPassword } from './model';
import { clearReferralCode, getStoredReferralCode } from './referral-code';

interface FacebookLoginResponse {
  status: string;
  authResponse?: { accessToken?: string; userID?: string } | null;
}

interface FacebookProfile {
  id?: string;
  first_name?: string;
  last_name?: string;
  email?: string;
  picture?: { data?: { url?: string } };
}

interface FacebookSdk {
  init(options: { appId: string; version: string; cookie?: boolean; xfbml?: boolean }): void;
  login(callback: (response: FacebookLoginResponse) => void, options?: { scope: string }): void;
  api(path: string, params: { fields: string }, callback: (response: FacebookProfile & { error?: unknown }) => void): void;
}

declare global {
  interface Window {
    FB?: FacebookSdk;
    fbAsyncInit?: () => void;
  }
}

const FACEBOOK_SDK_URL = 'https://connect.facebook.net/en_US/sdk.js';
const LOGIN_FAILED = 'Login failed';
let sdk: Promise<FacebookSdk> | null = null;

function loadFacebookSdk(appId: string): Promise<FacebookSdk> {
  if (window.FB) return Promise.resolve(window.FB);
  sdk ??= new Promise<FacebookSdk>((resolve, reject) => {
    window.fbAsyncInit = () => {
      if (!window.FB) return reject(new Error(LOGIN_FAILED));
      window.FB.init({ appId, version: 'v19.0', cookie: false, xfbml: false });
      resolve(window.FB);
    };
    const script = document.createElement('script');
    script.src = FACEBOOK_SDK_URL;
    script.async = true;
    script.crossOrigin = 'anonymous';
    script.onerror = () => {
      sdk = null;
      reject(new Error(LOGIN_FAILED));
    };
    document.body.append(script);
  });
  return sdk;
}

function facebookLogin(fb: FacebookSdk): Promise<FacebookLoginResponse> {
  return new Promise((resolve) => fb.login(resolve, { scope: 'public_profile,email' }));
}

function facebookProfile(fb: FacebookSdk): Promise<FacebookProfile> {
  return new Promise((resolve) => fb.api('/me', { fields: 'id,first_name,last_name,email,picture.type(large)' }, resolve));
}

/** Registers with the Facebook profile, or logs in when that account already exists (409). */
export async function facebookSignIn(appId: string): Promise<AuthResult> {
  const fb = await loadFacebookSdk(appId);
  const response = await facebookLogin(fb);
  const accessToken = response.authResponse?.accessToken;
  if (response.status !== 'connected' || !response.authResponse?.userID || !accessToken) throw new Error(LOGIN_FAILED);
  const profile = await facebookProfile(fb);
  const facebookId = profile.id;
  if (!facebookId) throw new Error(LOGIN_FAILED);
  try {
    const result = await register({
      grant_type: 'facebook',
      role: 'user',
      facebookId,
      accessToken,
      password: randomPassword(),
      phoneNo: facebookId,
      firstName: profile.first_name ?? '',
      lastName: profile.last_name ?? '',
      email: profile.email ?? '',
      referredByCode: getStoredReferralCode(),
    });
    clearReferralCode();
    return result;
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return login({ grant_type: 'facebook', facebookId, accessToken });
    throw error;
  }
}
