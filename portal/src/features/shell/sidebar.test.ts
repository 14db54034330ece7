import { describe, expect, it } from 'vitest';
import type { AccessRole } from '../../guards/roles';
import { logoFor, organizationHome } from './TopBar';
import { isCurrentLink, sidebarLinks } from './sidebar';

const FULL = ['Modules', 'Media', 'Members', 'Groups', 'Access Requests', 'Suggestions', 'Reports', 'Bioreq'];

// Spec 2.3 and section 6, row by row: who sees which sidebar.
const CASES: [role: AccessRole, bioreq: boolean, labels: string[]][] = [
  ['owner', false, FULL],
  ['owner', true, FULL],
  ['master', false, FULL],
  ['master', true, FULL],
  ['admin', false, ['Modules', 'Media', 'Reports']],
  ['admin', true, ['Modules', 'Media', 'Reports', 'Bioreq']],
  ['user', false, []],
  ['user', true, ['Modules', 'Bioreq']],
];

const organization = (enable_bioreq: boolean) => ({ slug: 'acme-training', enable_bioreq });

describe('sidebarLinks', () => {
  it.each(CASES)('inside an organization, %s with bioreq %s sees %j', (role, bioreq, labels) => {
    expect(sidebarLinks({ area: 'organization', role, organization: organization(bioreq) }).map((link) => link.label)).toEqual(labels);
  });

  it('links owners, masters and admins to the admin pages, users to the client pages', () => {
    const master = sidebarLinks({ area: 'organization', role: 'master', organization: organization(true) });
    expect(master.map((link) => link.to)).toEqual([
      '/acme-training/admin/modules',
      '/acme-training/admin/media',
      '/acme-training/admin/members',
      '/acme-training/admin/groups',
      '/acme-training/admin/access-requests',
      '/acme-training/admin/suggestions',
      '/acme-training/admin/reports',
      '/acme-training/admin/bioreq',
    ]);
    expect(sidebarLinks({ area: 'organization', role: 'admin', organization: organization(true) }).at(-1)?.to).toBe('/acme-training/admin/bioreq');
    expect(sidebarLinks({ area: 'organization', role: 'user', organization: organization(true) }).map((link) => link.to)).toEqual([
      '/acme-training/modules',
      '/acme-training/bioreq',
    ]);
  });

  it('gives owners outside organizations the owner sidebar, and nobody else a sidebar', () => {
    expect(sidebarLinks({ area: 'platform', isOwner: true })).toEqual([
      { label: 'Organizations', to: '/organizations' },
      { label: 'Users', to: '/users' },
      { label: 'Jobs', to: '/jobs' },
    ]);
    expect(sidebarLinks({ area: 'platform', isOwner: false })).toEqual([]);
  });
});

describe('the top bar', () => {
  it('links the organization name to the admin modules for admins and above, else the client modules', () => {
    expect(organizationHome({ slug: 'acme' }, 'owner')).toBe('/acme/admin/modules');
    expect(organizationHome({ slug: 'acme' }, 'admin')).toBe('/acme/admin/modules');
    expect(organizationHome({ slug: 'acme' }, 'user')).toBe('/acme/modules');
  });

  it('chooses the compact logo beside long organization names', () => {
    expect(logoFor(null)).toBe('wordmark');
    expect(logoFor('Acme Training')).toBe('wordmark');
    expect(logoFor('The Very Long Organization Name of Acme')).toBe('mark');
  });
});

describe('the current section', () => {
  it('is Modules on the pages of a module, its components, topics and items', () => {
    const links = sidebarLinks({ area: 'organization', role: 'admin', organization: organization(false) });
    const current = (pathname: string) => links.filter((link) => isCurrentLink(link, pathname)).map((link) => link.label);
    expect(current('/acme-training/admin/modules')).toEqual(['Modules']);
    expect(current('/acme-training/admin/modules/m-1/components')).toEqual(['Modules']);
    expect(current('/acme-training/admin/components/c-1/topics')).toEqual(['Modules']);
    expect(current('/acme-training/admin/components/c-1/edit')).toEqual(['Modules']);
    expect(current('/acme-training/admin/topics/t-1/items')).toEqual(['Modules']);
    expect(current('/acme-training/admin/media')).toEqual(['Media']);
    expect(current('/acme-training/admin/media-library')).toEqual([]);
  });
});
