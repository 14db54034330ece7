import { useNavigate } from 'react-router';
import { afterLoginPath } from '../../guards/access';
import { useHistoryStore } from '../../state/history';
import { useSession } from '../../state/session';

/**
 * What follows a login (spec section 4): forget any previous person's session, load the current user
 * and configuration, then go to the redirect URL (or the previous path, or home). A failed load is
 * routed globally by the API layer.
 */
export function useAfterLogin() {
  const navigate = useNavigate();
  return async (redirect: string | null) => {
    const session = useSession.getState();
    session.reset();
    const failure = await session.load();
    if (failure) return;
    navigate(afterLoginPath(redirect, useHistoryStore.getState().previousPath), { replace: true });
  };
}
