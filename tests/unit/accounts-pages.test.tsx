import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { bodyOf, installFakeApi, json, ok, renderApp, sampleUser, session, signIn } from './support/fake-api';

const ADA = sampleUser({ requiresVerification: true });
const { handle, calls } = installFakeApi({
  '/v1/user/me': () => session().user,
  '/v1/credits': { id: 1, value: 1250 },
  '/v1/referrals': {
    referralCode: 'ADA1',
    earned: 500,
    referrals: [
      { id: 3, referrerUserId: 1, referredUserId: 2, referredFirstName: 'Bola', rewardedAt: '2026-01-01', rewardAmount: 500, createdAt: '2026-01-01' },
    ],
  },
});

describe('/email/verify', () => {
  it('verifies once (StrictMode), updates the session user and rewards the referrer', async () => {
    signIn(ADA);
    handle((url) => {
      if (url.startsWith('/v1/emails/verify')) return ok({ ...ADA, requiresVerification: false });
      if (url.startsWith('/v1/users/1/reward-referrer')) return json(500, { message: 'ignored' });
      return undefined;
    });
    await renderApp('/email/verify?token=tok-1234567890', { strict: true });
    expect(await screen.findByText('Your email is verified')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start a new app' })).toHaveAttribute('href', '/new-app/setup');
    expect(calls('/v1/emails/verify')).toHaveLength(1);
    expect(bodyOf(calls('/v1/emails/verify')[0])).toEqual({ token: 'tok-1234567890' });
    await waitFor(() => expect(session().user?.requiresVerification).toBe(false));
    await waitFor(() => expect(calls('/v1/users/1/reward-referrer')).toHaveLength(1));
    expect(screen.queryByText('Please verify your account. A verification link was sent to your email.')).not.toBeInTheDocument();
  });

  it("shows the server's message and a Resend action for a bad link when logged in", async () => {
    signIn(ADA);
    handle((url) => {
      if (url.startsWith('/v1/emails/verify')) return json(400, { message: 'This verification link has expired' });
      if (url.startsWith('/v1/emails/send')) return ok(null);
      return undefined;
    });
    await renderApp('/email/verify?token=tok-1234567890', { strict: true });
    expect(await screen.findByText('This verification link has expired')).toBeInTheDocument();
    const main = screen.getByRole('main');
    act(() => within(main).getByRole('button', { name: 'Resend' }).click());
    await waitFor(() => expect(calls('/v1/emails/send')).toHaveLength(1));
  });
});

describe('/password/reset', () => {
  it('explains a missing token and offers a new link in the forgot-password view', async () => {
    await renderApp('/password/reset', { strict: true });
    const link = await screen.findByRole('link', { name: 'Request a new link' });
    expect(link.getAttribute('href')).toContain('login-view=forgot-password');
  });

  it('resets the password with the checklist, then opens the login modal', async () => {
    handle((url) => (url.startsWith('/v1/auth/reset-password') ? ok(null) : undefined));
    const { router } = await renderApp('/password/reset?token=reset-1234567890', { strict: true });
    await screen.findByRole('heading', { level: 1, name: 'Reset your password' });
    const submit = screen.getByRole('button', { name: 'Reset password' });
    expect(submit).toBeDisabled();
    fireEvent.change(screen.getByLabelText(/^New password/, { selector: 'input' }), { target: { value: 'secret123' } });
    fireEvent.change(screen.getByLabelText(/^Confirm password/, { selector: 'input' }), { target: { value: 'secret123' } });
    expect(screen.getByRole('list', { name: 'Password rules' })).toHaveTextContent('At least 8 characters');
    expect(submit).toBeEnabled();
    act(() => submit.click());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toMatchObject({ 'login-modal': true });
    expect(bodyOf(calls('/v1/auth/reset-password')[0])).toEqual({ token: 'reset-1234567890', password: 'secret123', confirmPassword: 'secret123' });
    expect(await screen.findByRole('dialog', { name: 'Welcome' })).toBeInTheDocument();
  });
});

describe('/account', () => {
  it('edits the profile, shows the credit and the referrals', async () => {
    signIn(ADA);
    handle((url, init) => (url.startsWith('/v1/user/1') && init?.method === 'PUT' ? ok({ ...ADA, firstName: 'Adaeze' }) : undefined));
    await renderApp('/account', { strict: true });
    await screen.findByRole('heading', { level: 1, name: 'Your account' });
    expect(await screen.findByText('$12.50')).toBeInTheDocument();
    expect(screen.getByText('Unverified')).toBeInTheDocument();
    expect(screen.getByLabelText('Your referral link')).toHaveValue(`${window.location.origin}/?ref=ADA1`);
    expect(await screen.findByText('1 merchant referred, $5.00 earned')).toBeInTheDocument();
    expect(screen.getByText('Bola')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^First Name/, { selector: 'input' }), { target: { value: 'Adaeze' } });
    act(() => screen.getByRole('button', { name: 'Save changes' }).click());
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(session().user?.firstName).toBe('Adaeze');
  });

  it('checks the picture type and size before uploading, then sends the image as the body', async () => {
    signIn(ADA);
    handle((url, init) => (url.startsWith('/v1/user/1/profile-picture') && init?.method === 'PUT' ? ok({ ...ADA, profilePix: '/pictures/1.png' }) : undefined));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }));
    await renderApp('/account', { strict: true });
    const input = await screen.findByLabelText('Profile picture file');
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.svg', { type: 'image/svg+xml' })] } });
    expect(await screen.findByText('Choose a PNG, JPEG, WebP or GIF image.')).toBeInTheDocument();
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('The picture must be 2 MB or smaller.')).toBeInTheDocument();
    expect(calls('/v1/user/1/profile-picture', 'PUT')).toHaveLength(0);
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [png] } });
    expect(await screen.findByText('Profile picture updated')).toBeInTheDocument();
    const [, init] = calls('/v1/user/1/profile-picture', 'PUT')[0] ?? [];
    expect(init?.body).toBe(png);
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('image/png');
    expect(session().user?.profilePix).toBe('/pictures/1.png');
  });
});
