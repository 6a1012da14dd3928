import { createFileRoute, redirect } from '@tanstack/react-router';
import { loginTabFor } from '@/lib/search';
import { loadSignedInUser } from '@/lib/session/session';

/**
 * Every private page sits under this pathless layout (spec section 6: only a logged-in user sees
 * them). A visitor lands on the homepage with the login modal open and continues to the page after
 * logging in (on the Register tab when starting a new app: loginTabFor); a signed-in user is put into the route context.
 */
export const Route = createFileRoute('/_authed')({
  beforeLoad: async ({ context, location }) => {
    const user = await loadSignedInUser(context.queryClient);
    if (!user) throw redirect({ to: '/', search: { 'login-modal': true, 'login-tab': loginTabFor(location.pathname), redirect: location.href } });
    return { user };
  },
});
