import { useQuery } from '@tanstack/react-query';
import type { Tenant } from '@tessera/sdk';
import { styled } from '@tessera/widgets/stitches';
import { Alert, Heading } from '@tessera/widgets/ui';
import { unwrap } from '../../api/queries';
import { formatDate } from '../../lib/dates';
import { useRowActions } from '../../lists/useRowActions';
import { AppLink } from '../../ui/AppLink';
import { Badge } from '../../ui/Badge';
import { FormFailure } from '../../ui/FormFailure';
import { Stack, Text } from '../../ui/Page';
import { ReadState } from '../../ui/ReadState';
import { RowActions, RowButton } from '../../ui/RowButton';
import { Table, type TableColumn } from '../../ui/Table';
import { decideSsoDomain, DOMAIN_STATUS_NAMES, listSsoDomains, PROTOCOL_NAMES, type SsoDomain, type SsoDomainStatus } from './ssoCalls';

const Section = styled('section', { display: 'flex', flexDirection: 'column', gap: '$4' });
const ClaimList = styled('ul', { margin: 0, paddingLeft: '$4' });

const STATUS_TONES: Record<SsoDomainStatus, 'neutral' | 'info' | 'bad'> = { pending: 'info', approved: 'neutral', rejected: 'bad' };

const editPath = (claim: SsoDomain) => `/organizations/${encodeURIComponent(claim.tenant.slug)}/edit`;

/**
 * The owner's organizations list: the domain claims waiting for a decision, each linking to its organization's
 * screen, where it is approved or rejected. Nothing shows while none waits.
 */
export function PendingSsoDomainsNotice() {
  const pending = useQuery({ queryKey: ['sso-domains', 'pending'], queryFn: async () => unwrap(await listSsoDomains({ status: 'pending' })) });
  const claims = pending.data ?? [];
  if (!claims.length) return null;
  return (
    <Alert tone="info">
      <Stack css={{ gap: '$2' }}>
        <Text>{claims.length === 1 ? 'A single sign-on domain awaits your approval:' : `${claims.length} single sign-on domains await your approval:`}</Text>
        <ClaimList>
          {claims.map((claim) => (
            <li key={claim.domain}>
              <AppLink to={editPath(claim)} aria-label={`${claim.domain}, claimed by ${claim.tenant.name}`}>
                {`${claim.domain} (${claim.tenant.name})`}
              </AppLink>
            </li>
          ))}
        </ClaimList>
      </Stack>
    </Alert>
  );
}

/**
 * The owner's organization screen: the email domains the organization's single sign-on claims, with Approve and
 * Reject. A claim takes effect when approved; a rejected one serves nobody.
 */
export function OrganizationSsoDomains({ tenant }: { tenant: Pick<Tenant, 'id' | 'name'> }) {
  const claims = useQuery({
    queryKey: ['sso-domains', 'organization', tenant.id],
    queryFn: async () => unwrap(await listSsoDomains({ tenant: tenant.id })),
  });
  const actions = useRowActions();
  const decide = (claim: SsoDomain, decision: 'approve' | 'reject') =>
    void actions.run(claim.domain, () => decideSsoDomain(claim, decision), {
      title: decision === 'approve' ? `${claim.domain} approved` : `${claim.domain} rejected`,
      description: decision === 'approve' ? `People of ${claim.domain} now sign in through ${claim.connection_name}.` : undefined,
    });

  const columns: TableColumn<SsoDomain>[] = [
    { id: 'domain', title: 'Domain', isRowHeader: true, render: (claim) => claim.domain },
    { id: 'connection', title: 'Connection', render: (claim) => `${claim.connection_name} (${PROTOCOL_NAMES[claim.protocol]})` },
    { id: 'requested', title: 'Requested', render: (claim) => formatDate(claim.requested_at) },
    { id: 'status', title: 'Status', render: (claim) => <Badge tone={STATUS_TONES[claim.status]}>{DOMAIN_STATUS_NAMES[claim.status]}</Badge> },
    {
      id: 'actions',
      title: 'Actions',
      render: (claim) => (
        <RowActions>
          {claim.status === 'approved' ? null : (
            <RowButton aria-label={`Approve ${claim.domain}`} isDisabled={actions.isPending} onPress={() => decide(claim, 'approve')}>
              Approve
            </RowButton>
          )}
          {claim.status === 'rejected' ? null : (
            <RowButton aria-label={`Reject ${claim.domain}`} tone="danger" isDisabled={actions.isPending} onPress={() => decide(claim, 'reject')}>
              Reject
            </RowButton>
          )}
        </RowActions>
      ),
    },
  ];

  return (
    <Section aria-labelledby="sso-domains-heading">
      <Heading level={2} id="sso-domains-heading">
        Single sign-on domains
      </Heading>
      <Text tone="muted">The email domains this organization&apos;s single sign-on claims. People of a domain sign in through it once you approve it.</Text>
      <FormFailure messages={actions.messages} />
      <ReadState query={claims} loading="Loading single sign-on domains...">
        {(shown: SsoDomain[]) => (
          <Table
            label="Single sign-on domains"
            columns={columns}
            rows={shown}
            rowKey={(claim) => claim.domain}
            emptyText="This organization claims no single sign-on domain."
            isBusy={actions.isPending}
          />
        )}
      </ReadState>
    </Section>
  );
}
