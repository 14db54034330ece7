import { Alert } from '@tessera/widgets/ui';
import { Navigate, Outlet, useMatches } from 'react-router';
import { atLeast, type AccessRole } from '../../guards/roles';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { useOrganization } from './organizationContext';

/** Spec 2.2 and section 9: admin screens are unsupported below 576 px. */
const NARROW_SCREEN_QUERY = '(max-width: 575.98px)';
export const NARROW_SCREEN_NOTICE = "We're sorry, but this page is not supported on this screen size. Please switch to a larger device.";

/** Routes say who may use them with `handle: { minimumRole }`; the deepest one decides. */
interface RoleHandle {
  minimumRole?: AccessRole;
}

function useMinimumRole(): AccessRole {
  const matches = useMatches();
  const roles = matches.map((match) => (match.handle as RoleHandle | undefined)?.minimumRole).filter((role) => role !== undefined);
  return roles.at(-1) ?? 'admin';
}

/** Management screens (admin area, owner pages) are not offered on small screens. */
export function WideScreenOutlet() {
  const isNarrow = useMediaQuery(NARROW_SCREEN_QUERY);
  return isNarrow ? <Alert tone="info">{NARROW_SCREEN_NOTICE}</Alert> : <Outlet />;
}

/** /:organization/admin/...: the admin area, for admin and above; people screens for master and above. */
export function AdminLayout() {
  const { role } = useOrganization();
  const minimumRole = useMinimumRole();
  if (!atLeast(role, minimumRole)) return <Navigate to="/forbidden" replace />;
  return <WideScreenOutlet />;
}
