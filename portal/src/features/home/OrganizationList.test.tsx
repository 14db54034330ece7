import type { Role } from '@tessera/sdk';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { aMembership, aTenant } from '../../test/fixtures';
import { OrganizationList } from './OrganizationList';

const membership = (role: Role, name: string) => aMembership({ id: `m-${role}`, role, tenant: aTenant(name) });

function renderList() {
  render(
    <MemoryRouter>
      <OrganizationList memberships={[membership('user', 'Acme Training'), membership('admin', 'Beta Works'), membership('master', 'Zeta Corp')]} />
    </MemoryRouter>,
  );
  const list = screen.getByRole('list', { name: 'Your organizations' });
  const row = (name: string) => within(list).getByRole('link', { name }).closest('li') as HTMLElement;
  return { row };
}

describe('Home, Your Organizations (spec 2.4)', () => {
  it.each([
    ['admin', 'Beta Works', '/beta-works/admin/modules'],
    ['master', 'Zeta Corp', '/zeta-corp/admin/modules'],
  ])('shows the edit cog on a %s row, leading to the admin modules', (_role, name, adminModules) => {
    const { row } = renderList();
    const cog = within(row(name)).getByRole('link', { name: `Edit ${name}` });
    expect(cog.getAttribute('href')).toBe(adminModules);
    expect(within(row(name)).getByRole('link', { name }).getAttribute('href')).toBe(`${adminModules.replace('/admin', '')}`);
  });

  it('has no edit cog on a user row, whose link opens the client modules', () => {
    const { row } = renderList();
    const userRow = row('Acme Training');
    expect(within(userRow).queryByRole('link', { name: 'Edit Acme Training' })).toBeNull();
    expect(within(userRow).getAllByRole('link')).toHaveLength(1);
    expect(within(userRow).getByRole('link', { name: 'Acme Training' }).getAttribute('href')).toBe('/acme-training/modules');
  });
});
