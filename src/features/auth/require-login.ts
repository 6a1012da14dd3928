import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { getSession } from './session';

/**
 * `beforeLoad` of every private route (spec section 6: only a logged-in user sees them). A visitor
 * lands on the homepage with the login modal open; after logging in they continue to the page.
 */
export function requireLogin({ location }: { location: ParsedLocation }): void {
  if (getSession().isLoggedIn) return;
  throw redirect({ to: '/', search: { 'login-modal': true, redirect: location.href } });
}
