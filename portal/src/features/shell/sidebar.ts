import type { TenantSummary } from '@tessera/sdk';
import type { AccessRole } from '../../guards/roles';

export interface SidebarLink {
  label: string;
  to: string;
  /** Other paths that belong to this entry (a module's components, topics and items live under Modules). */
  also?: string[];
}

const within = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/** Whether the sidebar entry is the current section: its own path or one of the paths that belong to it. */
export function isCurrentLink(link: SidebarLink, pathname: string): boolean {
  return within(pathname, link.to) || (link.also ?? []).some((path) => within(pathname, path));
}

/** Where a person stands: inside an organization (with a role), or outside any. */
export type SidebarContext =
  { area: 'organization'; role: AccessRole; organization: Pick<TenantSummary, 'slug' | 'enable_bioreq'> } | { area: 'platform'; isOwner: boolean };

const OWNER_SIDEBAR: SidebarLink[] = [
  { label: 'Organizations', to: '/organizations' },
  { label: 'Users', to: '/users' },
  { label: 'Jobs', to: '/jobs' },
];

function organizationLinks(role: AccessRole, organization: Pick<TenantSummary, 'slug' | 'enable_bioreq'>): SidebarLink[] {
  const base = `/${encodeURIComponent(organization.slug)}`;
  const admin = (label: string, path: string): SidebarLink => ({ label, to: `${base}/admin/${path}` });
  // Components, topics and items are edited under their module: the sidebar shows Modules as the section.
  const modules: SidebarLink = { ...admin('Modules', 'modules'), also: [`${base}/admin/components`, `${base}/admin/topics`] };
  const bioreq = organization.enable_bioreq;
  switch (role) {
    case 'owner':
    case 'master':
      return [
        modules,
        admin('Media', 'media'),
        admin('Members', 'members'),
        admin('Groups', 'groups'),
        admin('Access Requests', 'access-requests'),
        admin('Suggestions', 'suggestions'),
        admin('Reports', 'reports'),
        admin('Bioreq', 'bioreq'),
      ];
    case 'admin':
      return [modules, admin('Media', 'media'), admin('Reports', 'reports'), ...(bioreq ? [admin('Bioreq', 'bioreq')] : [])];
    case 'user':
      return bioreq
        ? [
            { label: 'Modules', to: `${base}/modules` },
            { label: 'Bioreq', to: `${base}/bioreq` },
          ]
        : [];
  }
}

/**
 * The sidebar of spec 2.3 and section 6. Owner or master: the full list; admin: Modules, Media,
 * Reports and Bioreq when the organization enables it; a user: Modules and Bioreq only when bioreq
 * is enabled, otherwise no sidebar; owners outside organizations: Organizations and Users.
 * An empty list means no sidebar.
 */
export function sidebarLinks(context: SidebarContext): SidebarLink[] {
  if (context.area === 'platform') return context.isOwner ? OWNER_SIDEBAR : [];
  return organizationLinks(context.role, context.organization);
}
