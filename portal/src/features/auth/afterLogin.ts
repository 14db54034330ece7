import { useNavigate } from 'react-router';
import { afterLoginPath } from '../../guards/access';
import { useSession } from '../../state/session';

/**
 * What follows a login (spec section 4): forget any previous person's session, load the current user
 * and configuration, then go to the redirect URL or home (spec 2.5). The previous path is only for
 * guest-only guards: after a login from, say, /confirm-email, the person lands home, not back there.
 * A failed load is routed globally by the API layer.
 */
export function useAfterLogin() {
  const navigate = useNavigate();
  return async (redirect: string | null) => {
    const session = useSession.getState();
    session.reset();
    const failure = await session.load();
    if (failure) return;
    navigate(afterLoginPath(redirect, null), { replace: true });
  };
}
