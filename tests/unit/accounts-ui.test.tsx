import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { REFERRAL_STORAGE_KEY } from '@/features/auth/referral-code';
import { bodyOf, installFakeApi, json, ok, renderApp, sampleUser, session, signIn } from './support/fake-api';

const ADA = sampleUser();
const { fetchMock, answer, handle, calls } = installFakeApi();

function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });
}

async function openRegister() {
  await renderApp('/?login-modal=true');
  const dialog = await screen.findByRole('dialog', { name: 'Welcome' });
  act(() => within(dialog).getByRole('tab', { name: 'Register' }).click());
  return dialog;
}

function fillRegistration() {
  type(/^First Name/, 'Ada');
  type(/^Last Name/, 'Obi');
  type(/^Email/, 'ada@shop.io');
  type(/^Phone No/, '0803 123-4567');
  type(/^Password/, 'secret123');
  type(/^Confirm Password/, 'secret123');
}

describe('login/register modal (spec section 2)', () => {
  it('opens from login-modal with Login and Register tabs, and closing removes the parameter', async () => {
    const { router } = await renderApp('/?login-modal=true');
    const dialog = await screen.findByRole('dialog', { name: 'Welcome' });
    expect(within(dialog).getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('tab', { name: 'Register' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Login' })).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Continue with Facebook' })).not.toBeInTheDocument();
    act(() => within(dialog).getByRole('button', { name: 'Close' }).click());
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('login-modal', true));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("toggles the forgot-password view: needs a valid email, then toasts the spec's text", async () => {
    handle((url) => (url.startsWith('/v1/auth/forgot-password') ? ok(null) : undefined));
    await renderApp('/?login-modal=true');
    const dialog = await screen.findByRole('dialog', { name: 'Welcome' });
    act(() => within(dialog).getByRole('button', { name: 'Forgot password?' }).click());
    const forgot = await screen.findByRole('dialog', { name: 'Forgot password?' });
    const send = within(forgot).getByRole('button', { name: 'Send reset link' });
    expect(send).toBeDisabled();
    type(/^Email/, 'ada@shop');
    expect(send).toBeDisabled();
    type(/^Email/, 'ada@shop.io');
    expect(send).toBeEnabled();
    act(() => send.click());
    expect(await screen.findByText('A password reset link has been sent to the email provided')).toBeInTheDocument();
    expect(bodyOf(calls('/v1/auth/forgot-password')[0])).toEqual({ email: 'ada@shop.io', platform: 'portal' });
    expect(await screen.findByRole('dialog', { name: 'Welcome' })).toBeInTheDocument();
  });

  it('opens straight on the forgot-password view with login-view', async () => {
    await renderApp('/?login-modal=true&login-view=forgot-password');
    expect(await screen.findByRole('dialog', { name: 'Forgot password?' })).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Back to login' }).click());
    expect(await screen.findByRole('dialog', { name: 'Welcome' })).toBeInTheDocument();
  });

  it('login failure without a server message toasts Invalid Credentials', async () => {
    handle((url) => (url.startsWith('/v1/auth/login') ? new Response('', { status: 401 }) : undefined));
    await renderApp('/?login-modal=true');
    await screen.findByRole('dialog', { name: 'Welcome' });
    type(/^Email/, 'ada@shop.io');
    type(/^Password/, 'wrong-pass1');
    act(() => screen.getByRole('button', { name: 'Login' }).click());
    expect(await screen.findByText('Invalid Credentials')).toBeInTheDocument();
    expect(session().isLoggedIn).toBe(false);
  });

  it("login failure shows the server's message", async () => {
    handle((url) => (url.startsWith('/v1/auth/login') ? json(401, { message: 'Invalid email or password' }) : undefined));
    await renderApp('/?login-modal=true');
    await screen.findByRole('dialog', { name: 'Welcome' });
    type(/^Email/, 'ada@shop.io');
    type(/^Password/, 'wrong-pass1');
    act(() => screen.getByRole('button', { name: 'Login' }).click());
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
  });

  it('shows and hides the password', async () => {
    await renderApp('/?login-modal=true');
    await screen.findByRole('dialog', { name: 'Welcome' });
    const password = screen.getByLabelText(/^Password/, { selector: 'input' });
    expect(password).toHaveAttribute('type', 'password');
    act(() => screen.getByRole('button', { name: 'Show password' }).click());
    expect(password).toHaveAttribute('type', 'text');
    act(() => screen.getByRole('button', { name: 'Hide password' }).click());
    expect(password).toHaveAttribute('type', 'password');
  });

  it('register: labelled required fields, live checks, and Register enabled only when all validate and the box is ticked', async () => {
    const dialog = await openRegister();
    for (const label of ['First Name', 'Last Name', 'Email', 'Phone No']) {
      expect(within(dialog).getByLabelText(new RegExp(`^${label}`), { selector: 'input' })).toBeRequired();
    }
    const register = within(dialog).getByRole('button', { name: 'Register' });
    const agree = within(dialog).getByRole('checkbox', { name: /I agree to the Privacy Policy and Terms/ });
    expect(within(dialog).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('target', '_blank');
    expect(within(dialog).getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    expect(register).toBeDisabled();
    fillRegistration();
    expect(screen.getByLabelText(/^Phone No/, { selector: 'input' })).toHaveValue('08031234567');
    // Spec section 5: the phone input is numeric with a maximum length of 15.
    expect(screen.getByLabelText(/^Phone No/, { selector: 'input' })).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByLabelText(/^Phone No/, { selector: 'input' })).toHaveAttribute('maxlength', '15');
    expect(screen.getByText('Looks good')).toBeInTheDocument();
    expect(register).toBeDisabled();
    act(() => agree.click());
    expect(register).toBeEnabled();
    type(/^Email/, 'ada@shop');
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(register).toBeDisabled();
    type(/^Email/, 'ada@shop.io');
    type(/^Confirm Password/, 'secret124');
    expect(register).toBeDisabled();
  });

  it("register success: toast 'Success', the session starts, the referral code is sent and cleared", async () => {
    localStorage.setItem(REFERRAL_STORAGE_KEY, 'BOB-7');
    handle((url) => (url.startsWith('/v1/auth/register') ? ok({ user: { ...ADA, requiresVerification: true }, token: 'jwt' }) : undefined));
    await openRegister();
    fillRegistration();
    act(() => screen.getByRole('checkbox', { name: /I agree/ }).click());
    act(() => screen.getByRole('button', { name: 'Register' }).click());
    expect(await screen.findByText('Success')).toBeInTheDocument();
    expect(session()).toMatchObject({ isLoggedIn: true, token: 'jwt' });
    expect(bodyOf(calls('/v1/auth/register')[0])).toMatchObject({
      firstName: 'Ada',
      email: 'ada@shop.io',
      phoneNo: '08031234567',
      grant_type: 'email',
      role: 'user',
      requiresVerification: true,
      referredByCode: 'BOB-7',
    });
    expect(localStorage.getItem(REFERRAL_STORAGE_KEY)).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(calls('/v1/invites-history', 'DELETE')).toHaveLength(1));
  });

  it("register failure without a message toasts 'Error creating new user'", async () => {
    handle((url) => (url.startsWith('/v1/auth/register') ? new Response('', { status: 500 }) : undefined));
    await openRegister();
    fillRegistration();
    act(() => screen.getByRole('checkbox', { name: /I agree/ }).click());
    act(() => screen.getByRole('button', { name: 'Register' }).click());
    expect(await screen.findByText('Error creating new user')).toBeInTheDocument();
    expect(session().isLoggedIn).toBe(false);
  });

  it("register failure shows the server's message (duplicate email)", async () => {
    handle((url) => (url.startsWith('/v1/auth/register') ? json(409, { message: 'An account with this email already exists' }) : undefined));
    await openRegister();
    fillRegistration();
    act(() => screen.getByRole('checkbox', { name: /I agree/ }).click());
    act(() => screen.getByRole('button', { name: 'Register' }).click());
    expect(await screen.findByText('An account with this email already exists')).toBeInTheDocument();
  });

  it("offers 'Continue with Facebook' only when the page names a Facebook app", async () => {
    const meta = document.createElement('meta');
    meta.name = 'portal-facebook-app-id';
    meta.content = '1234';
    document.head.append(meta);
    try {
      await renderApp('/?login-modal=true');
      expect(await screen.findByRole('button', { name: 'Continue with Facebook' })).toBeInTheDocument();
      expect(document.querySelector('script[src*="connect.facebook.net"]')).toBeNull();
    } finally {
      meta.remove();
    }
  });
});

describe('private routes (spec section 6)', () => {
  it('send a visitor to the homepage with the login modal, then on to the page after logging in', async () => {
    handle((url) => (url.startsWith('/v1/auth/login') ? ok({ user: ADA, token: 'jwt' }) : undefined));
    const { router } = await renderApp('/billing');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toMatchObject({ 'login-modal': true, redirect: '/billing' });
    await screen.findByRole('dialog', { name: 'Welcome' });
    type(/^Email/, 'ada@shop.io');
    type(/^Password/, 'secret123');
    act(() => screen.getByRole('button', { name: 'Login' }).click());
    await waitFor(() => expect(router.state.location.pathname).toBe('/billing'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Billing' })).toBeInTheDocument();
    expect(bodyOf(calls('/v1/auth/login')[0])).toEqual({ grant_type: 'email', email: 'ada@shop.io', password: 'secret123' });
  });

  it('drops a redirect that leaves the site', async () => {
    const { router } = await renderApp('/?login-modal=true&redirect=%2F%2Fevil.example');
    await screen.findByRole('dialog', { name: 'Welcome' });
    expect(router.state.location.search).not.toHaveProperty('redirect', expect.anything());
  });
});

describe('logged-in shell', () => {
  it('the account menu greets the user and shows the available credit in dollars', async () => {
    signIn(ADA);
    await renderApp('/');
    const button = await screen.findByRole('button', { name: 'Account menu' });
    expect(screen.queryByRole('link', { name: 'Sign In/Up' })).not.toBeInTheDocument();
    act(() => button.click());
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Hi, Ada')).toBeInTheDocument();
    expect(within(menu).getByText(/Available Credits/)).toBeInTheDocument();
    expect(await within(menu).findByText('$5.00')).toBeInTheDocument();
    for (const [name, href] of [
      ['My Apps', '/apps'],
      ['Billing', '/billing'],
      ['Payment Methods', '/payment-methods'],
      ['Create Template', '/templates/create-template'],
      ['Account', '/account'],
    ]) {
      expect(within(menu).getByRole('menuitem', { name })).toHaveAttribute('href', href);
    }
  });

  it('Logout from the account menu asks first, then ends the session', async () => {
    signIn(ADA);
    const { queryClient } = await renderApp('/billing');
    await screen.findByRole('heading', { level: 1, name: 'Billing' });
    act(() => screen.getByRole('button', { name: 'Account menu' }).click());
    act(() => screen.getByRole('menuitem', { name: 'Logout' }).click());
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to log out?' });
    act(() => within(dialog).getByRole('button', { name: 'Yes, Logout' }).click());
    expect(session().isLoggedIn).toBe(false);
    expect(queryClient.getQueryData(['credit'])).toBeUndefined();
    expect(await screen.findByRole('link', { name: 'Sign In/Up' })).toBeInTheDocument();
  });

  it('loads the profile at startup and replaces the stored user', async () => {
    signIn({ ...ADA, firstName: 'Old' });
    await renderApp('/');
    await waitFor(() => expect(session().user?.firstName).toBe('Ada'));
    expect(calls('/v1/credits')).toHaveLength(1);
  });

  it("logs out with 'Error while getting user's account' when the profile fails to load", async () => {
    handle((url) => (url.startsWith('/v1/user/me') ? json(500, { message: 'Boom' }) : undefined));
    signIn(ADA);
    await renderApp('/');
    expect(await screen.findByText("Error while getting user's account")).toBeInTheDocument();
    expect(session().isLoggedIn).toBe(false);
  });

  it('stays logged in when offline', async () => {
    fetchMock.mockImplementation((input, init) => {
      const url = String(input);
      if (url.startsWith('/v1/user/me')) return Promise.reject(new TypeError('Failed to fetch'));
      return answer(url, init);
    });
    signIn(ADA);
    await renderApp('/');
    await waitFor(() => expect(calls('/v1/user/me', 'GET').length).toBeGreaterThan(0));
    await screen.findByRole('button', { name: 'Account menu' });
    expect(session().isLoggedIn).toBe(true);
  });

  it('shows the verification banner with Resend while the user requires verification', async () => {
    const unverified = { ...ADA, requiresVerification: true };
    handle((url) => {
      if (url.startsWith('/v1/user/me')) return ok(unverified);
      if (url.startsWith('/v1/emails/send')) return ok(null);
      return undefined;
    });
    signIn(unverified);
    await renderApp('/');
    const banner = await screen.findByText('Please verify your account. A verification link was sent to your email.');
    const status = banner.closest('[role="status"]') as HTMLElement;
    act(() => within(status).getByRole('button', { name: 'Resend' }).click());
    await waitFor(() => expect(calls('/v1/emails/send')).toHaveLength(1));
    expect(bodyOf(calls('/v1/emails/send')[0])).toEqual({ emailType: 'EMAIL_CONFIRMATION_EMAIL', to: 'ada@shop.io', firstName: 'Ada' });
  });
});

describe('referral code and OAuth handshake on any page', () => {
  it('remembers ?ref= for a visitor', async () => {
    await renderApp('/pricing?ref=BOB-7');
    await waitFor(() => expect(localStorage.getItem(REFERRAL_STORAGE_KEY)).toBe('BOB-7'));
    expect(calls('/v1/referrals')).toHaveLength(0);
  });

  it('records the referral for a logged-in user and clears the code, even when refused', async () => {
    handle((url) => (url.startsWith('/v1/referrals') ? json(409, { message: 'Already referred' }) : undefined));
    signIn(ADA);
    await renderApp('/?referrer=BOB-7');
    await waitFor(() => expect(calls('/v1/referrals')).toHaveLength(1));
    expect(bodyOf(calls('/v1/referrals')[0])).toEqual({ referredByCode: 'BOB-7' });
    await waitFor(() => expect(localStorage.getItem(REFERRAL_STORAGE_KEY)).toBeNull());
  });

  it('posts the OAuth code to its own origin and removes code and state from the URL', async () => {
    const post = vi.spyOn(window, 'postMessage').mockImplementation(() => {});
    const state = encodeURIComponent(JSON.stringify({ tabId: 9, oauthProvider: 'google' }));
    const { router } = await renderApp(`/features?code=xyz&state=${state}`);
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith({ type: 'PORTAL_OAUTH_CODE', code: 'xyz', tabId: 9, oauthProvider: 'google' }, window.location.origin),
    );
    await waitFor(() => expect(router.state.location.searchStr).toBe(''));
    expect(router.state.location.pathname).toBe('/features');
    expect(post).toHaveBeenCalledTimes(1);
  });
});
