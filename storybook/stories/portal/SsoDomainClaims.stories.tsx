import { OrganizationSsoDomains, PendingSsoDomainsNotice } from '@portal/features/sso/SsoDomainClaims';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { SsoDomain } from '@tessera/sdk';
import { useState, type ReactNode } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { serveFake, type FakeRoutes } from './fakeServer';
import { STORY_ORGANIZATION, withPortalRouter } from './PortalRouter';
import { aClaim, listOf } from './sso';

const CLAIMS: SsoDomain[] = [
  aClaim('acme-labs.example'),
  aClaim('acme.example', { status: 'approved', decided_at: '2026-03-04T12:00:00Z' }),
  aClaim('acme-old.example', { status: 'rejected', decided_at: '2026-03-04T12:00:00Z' }),
];
const GLOBEX = aClaim('globex.example', { tenant: { id: 'globex-id', name: 'Globex', slug: 'globex' }, connection_name: 'Globex Okta' });

/** The owner's claims as the server answers them: by `status` and `tenant`; a decision changes what it answers next. */
function server(initial: SsoDomain[]): FakeRoutes {
  let claims = initial;
  const decide = (domain: string, status: SsoDomain['status']) => {
    claims = claims.map((claim) => (claim.domain === domain ? { ...claim, status, decided_at: '2026-03-06T08:00:00Z' } : claim));
    return { status: 200, body: { data: claims.find((claim) => claim.domain === domain) } };
  };
  return {
    'GET /api/sso-domains': ({ url }) => {
      const status = url.searchParams.get('status');
      const tenant = url.searchParams.get('tenant');
      const answered = claims.filter((claim) => (!status || claim.status === status) && (!tenant || claim.tenant.id === tenant));
      return { status: 200, body: listOf(answered, 'requested') };
    },
    'POST /api/sso-domains/acme-labs.example/approve': () => decide('acme-labs.example', 'approved'),
    'POST /api/sso-domains/acme-labs.example/reject': () => decide('acme-labs.example', 'rejected'),
  };
}

/** Its children with the fake server answering `claims`, set once per story (a decision changes it). */
function Served({ claims, children }: { claims: SsoDomain[]; children: ReactNode }) {
  useState(() => serveFake(server(claims)));
  return children;
}

/**
 * The platform owner's single sign-on domains (issue 33): the notice on the organizations list while claims wait, and
 * an organization's claims with Approve and Reject on its screen.
 */
const meta = {
  title: 'Portal/Owner/Single sign-on domains',
  parameters: { layout: 'padded' },
  decorators: [withPortalRouter({ '/organizations/acme-training/edit': <p>Acme Training&apos;s screen</p> })],
  render: () => (
    <Served claims={[...CLAIMS, GLOBEX]}>
      <OrganizationSsoDomains tenant={STORY_ORGANIZATION.organization} />
    </Served>
  ),
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Each claim of the organization with its status; only this organization's (Globex's claim is not listed). */
export const OrganizationClaims: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const pending = await canvas.findByRole('row', { name: /acme-labs\.example/ });
    await expect(pending).toHaveTextContent('Pending approval');
    await expect(within(pending).getByRole('button', { name: 'Approve acme-labs.example' })).toBeInTheDocument();
    await expect(canvas.getByRole('row', { name: /acme-old\.example/ })).toHaveTextContent('Rejected');
    await expect(canvas.queryByRole('row', { name: /globex\.example/ })).toBeNull();
  },
};

/** Approving a pending claim: the list reads again, and the claim is approved (Reject stays, to withdraw it). */
export const Approve: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const row = await canvas.findByRole('row', { name: /acme-labs\.example/ });
    await userEvent.click(within(row).getByRole('button', { name: 'Approve acme-labs.example' }));
    await waitFor(() => expect(canvas.getByRole('row', { name: /acme-labs\.example/ })).toHaveTextContent('Approved'));
    await expect(canvas.getByRole('button', { name: 'Reject acme-labs.example' })).toBeInTheDocument();
  },
};

/** An organization without single sign-on claims nothing. */
export const NoClaims: Story = {
  render: () => (
    <Served claims={[GLOBEX]}>
      <OrganizationSsoDomains tenant={STORY_ORGANIZATION.organization} />
    </Served>
  ),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('This organization claims no single sign-on domain.')).toBeInTheDocument();
  },
};

/** The organizations list's notice: the claims waiting, each linking to its organization's screen. */
export const PendingNotice: Story = {
  render: () => (
    <Served claims={[...CLAIMS, GLOBEX]}>
      <PendingSsoDomainsNotice />
    </Served>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('2 single sign-on domains await your approval:')).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'globex.example, claimed by Globex' })).toHaveAttribute('href', '/organizations/globex/edit');
  },
};
