import type { ScimToken, SsoConnection } from '@tessera/sdk';
import { ssoMessages } from '@tessera/sdk/rules';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../api/client';
import { useSession } from '../../state/session';
import { fakeApi, type FakeRoute } from '../../test/fakeApi';
import { aMembership, aTenant, aUser, CONFIG, TOKENS } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { goToProvider } from './signInCalls';

vi.mock('./signInCalls', async (importOriginal) => ({ ...(await importOriginal<typeof import('./signInCalls')>()), goToProvider: vi.fn() }));

const ACME = aTenant('Acme Training');
const SSO = `/api/tenants/${ACME.id}/sso`;
const TOKENS_API = `/api/tenants/${ACME.id}/scim-tokens`;
const PAGE = '/acme-training/admin/single-sign-on';

const OIDC: SsoConnection = {
  id: 'sso-1',
  protocol: 'oidc',
  name: 'Acme Entra ID',
  domains: [
    { domain: 'acme.example', status: 'approved' },
    { domain: 'acme-labs.example', status: 'pending' },
  ],
  default_role: 'user',
  just_in_time: true,
  enforce_sso: false,
  groups_claim: null,
  issuer: 'https://login.acme.example',
  client_id: 'tessera',
  client_secret_set: true,
  scopes: ['openid', 'email', 'profile'],
  redirect_uri: 'https://training.example/api/sso/oidc/callback',
  idp_entity_id: null,
  idp_sso_url: null,
  idp_certificate: null,
  sp_entity_id: `https://training.example/api/sso/saml/${ACME.id}/metadata`,
  sp_metadata_url: `https://training.example/api/sso/saml/${ACME.id}/metadata`,
  acs_url: `https://training.example/api/sso/saml/${ACME.id}/acs`,
  created_at: '2026-03-02T14:05:00Z',
  updated_at: '2026-03-02T14:05:00Z',
  abilities: { update: true, delete: true, test: true },
};

const SCIM_TOKEN: ScimToken = {
  id: 'scim-1',
  name: 'Entra provisioning',
  is_revoked: false,
  revoked_at: null,
  last_used_at: null,
  created_at: '2026-03-02T14:05:00Z',
  created_by: { id: 'u-mona', name: 'Mona Master' },
};

const page = (data: ScimToken[]) => ({
  data,
  meta: { current_page: 1, last_page: 1, per_page: 25, total: data.length, order: 'name', desc: false, search: null },
});

function as(role: 'admin' | 'master', routes: (FakeRoute & { once?: boolean })[]) {
  return fakeApi([
    { method: 'GET', path: '/api/users/me', status: 200, body: { data: aUser({ memberships: [aMembership({ role, tenant: ACME })] }) } },
    { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
    ...routes,
  ]);
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });

beforeEach(() => {
  tokenStore.set(TOKENS);
  useSession.getState().reset();
  vi.mocked(goToProvider).mockClear();
});

describe('Single sign-on', () => {
  it('a master opens it from Members and sets up OIDC: the body is the SDK form’s, the domains come back pending', async () => {
    const saved: SsoConnection = { ...OIDC, domains: [{ domain: 'acme.example', status: 'pending' }] };
    const api = as('master', [
      { method: 'GET', path: `/api/tenants/${ACME.id}/tenant-users`, status: 200, body: page([]) },
      { method: 'GET', path: SSO, status: 200, body: { data: null }, once: true },
      { method: 'PUT', path: SSO, status: 200, body: { data: saved } },
      { method: 'GET', path: SSO, status: 200, body: { data: saved } },
      { method: 'GET', path: TOKENS_API, status: 200, body: page([]) },
    ]);
    renderApp('/acme-training/admin/members');
    fireEvent.click(await screen.findByRole('link', { name: 'Single sign-on' }));
    expect(await screen.findByRole('heading', { name: 'Single sign-on', level: 1 })).toBeTruthy();
    const form = await screen.findByRole('form', { name: 'Set up single sign-on' });
    expect(within(form).getByRole('radio', { name: 'OpenID Connect (OIDC)' })).toHaveProperty('checked', true);
    expect((screen.getByRole('textbox', { name: 'Redirect URI' }) as HTMLInputElement).value).toBe(`${window.location.origin}/api/sso/oidc/callback`);

    fireEvent.change(within(form).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Acme Entra ID' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Email domains/ }), { target: { value: 'ACME.example\n' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Issuer/ }), { target: { value: 'https://login.acme.example' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Client ID/ }), { target: { value: 'tessera' } });
    fireEvent.change(within(form).getByLabelText(/^Client secret/), { target: { value: 's3cret' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await within(form).findByText('Single sign-on saved!')).toBeTruthy();
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toEqual({
      protocol: 'oidc',
      name: 'Acme Entra ID',
      domains: ['acme.example'],
      default_role: 'user',
      just_in_time: true,
      enforce_sso: false,
      groups_claim: null,
      issuer: 'https://login.acme.example',
      client_id: 'tessera',
      client_secret: 's3cret',
      scopes: ['openid', 'email', 'profile'],
    });
    const domains = await screen.findByRole('list', { name: 'Domain approval' });
    expect(within(domains).getByRole('listitem').textContent).toBe('acme.example Pending approval');
    expect(screen.getByText(/only a test sign-in works for it/)).toBeTruthy();
    expect(within(form).getByLabelText(/^Client secret/)).toHaveProperty('value', '');
    expect(screen.getByText('A secret is stored: leave this empty to keep it.')).toBeTruthy();
  });

  it('checks the fields with the SDK’s rules before sending, and shows the server’s 422 under its field', async () => {
    const api = as('master', [
      { method: 'GET', path: SSO, status: 200, body: { data: null } },
      { method: 'GET', path: TOKENS_API, status: 200, body: page([]) },
      {
        method: 'PUT',
        path: SSO,
        status: 422,
        body: { message: 'The given data was invalid.', code: 'validation_failed', errors: { domains: [ssoMessages.domainClaimed('globex.example')] } },
      },
    ]);
    renderApp(PAGE);
    const form = await screen.findByRole('form', { name: 'Set up single sign-on' });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Email domains/ }), { target: { value: 'not a domain!' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The name field is required.')).toBeTruthy();
    expect(within(form).getByText(ssoMessages.domain)).toBeTruthy();

    fireEvent.change(within(form).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Globex' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Email domains/ }), { target: { value: 'globex.example' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    // The protocol's own fields: OpenID Connect needs an issuer and a client id.
    expect(await within(form).findByText('The issuer field is required.')).toBeTruthy();
    expect(within(form).getByText('The client id field is required.')).toBeTruthy();
    expect(api.requests.some((request) => request.method === 'PUT')).toBe(false);

    fireEvent.change(within(form).getByRole('textbox', { name: /^Issuer/ }), { target: { value: 'https://id.globex.example' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Client ID/ }), { target: { value: 'tessera' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(ssoMessages.domainClaimed('globex.example'))).toBeTruthy();
    expect(
      within(form)
        .getByRole('textbox', { name: /^Email domains/ })
        .getAttribute('aria-invalid'),
    ).toBe('true');
  });

  it('shows a stored OIDC connection with its domains’ approval; Test sign-in goes to the provider', async () => {
    const api = as('master', [
      { method: 'GET', path: SSO, status: 200, body: { data: OIDC } },
      { method: 'GET', path: TOKENS_API, status: 200, body: page([]) },
      { method: 'POST', path: `${SSO}/test`, status: 200, body: { data: { url: 'https://login.acme.example/authorize?client_id=tessera' } } },
    ]);
    renderApp(PAGE);
    const form = await screen.findByRole('form', { name: 'Connection' });
    expect(within(form).getByRole('textbox', { name: /^Name/ })).toHaveProperty('value', 'Acme Entra ID');
    expect(within(form).getByRole('textbox', { name: /^Email domains/ })).toHaveProperty('value', 'acme.example\nacme-labs.example');
    const domains = screen.getByRole('list', { name: 'Domain approval' });
    expect(
      within(domains)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['acme.example Approved', 'acme-labs.example Pending approval']);
    expect((field(/^Redirect URI/) as HTMLInputElement).value).toBe(OIDC.redirect_uri);
    expect((field(/^SCIM base URL/) as HTMLInputElement).value).toBe(`${window.location.origin}/scim/v2/${ACME.id}`);

    fireEvent.click(screen.getByRole('button', { name: 'Test sign-in' }));
    await waitFor(() => expect(goToProvider).toHaveBeenCalledWith('https://login.acme.example/authorize?client_id=tessera'));
    expect(api.requests.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([`${SSO}/test`]);
  });

  it('says how the test sign-in went when the provider sends the master back', async () => {
    as('master', [
      { method: 'GET', path: SSO, status: 200, body: { data: OIDC } },
      { method: 'GET', path: TOKENS_API, status: 200, body: page([]) },
    ]);
    renderApp(`${PAGE}?test=succeeded&email=mona%40acme.example`);
    expect(await screen.findByText('Test sign-in succeeded: the identity provider signed in mona@acme.example.')).toBeTruthy();
  });

  it('shows a failed test sign-in in the provider’s words', async () => {
    as('master', [
      { method: 'GET', path: SSO, status: 200, body: { data: OIDC } },
      { method: 'GET', path: TOKENS_API, status: 200, body: page([]) },
    ]);
    renderApp(`${PAGE}?test=failed&message=${encodeURIComponent('access_denied: the user cancelled')}`);
    expect((await screen.findByRole('alert')).textContent).toBe('Test sign-in failed: access_denied: the user cancelled');
  });

  it('switches to SAML: its fields, the service provider’s values, and a body without the OIDC fields', async () => {
    const api = as('master', [
      { method: 'GET', path: SSO, status: 200, body: { data: OIDC } },
      { method: 'GET', path: TOKENS_API, status: 200, body: page([]) },
      { method: 'PUT', path: SSO, status: 200, body: { data: { ...OIDC, protocol: 'saml', abilities: { update: true, delete: true, test: false } } } },
    ]);
    renderApp(PAGE);
    const form = await screen.findByRole('form', { name: 'Connection' });
    fireEvent.click(within(form).getByRole('radio', { name: 'SAML 2.0' }));
    expect(within(form).queryByRole('textbox', { name: /^Issuer/ })).toBeNull();
    expect((field(/^ACS URL/) as HTMLInputElement).value).toBe(OIDC.acs_url);
    expect((field(/^Metadata URL/) as HTMLInputElement).value).toBe(OIDC.sp_metadata_url);
    fireEvent.change(within(form).getByRole('textbox', { name: /^Identity provider metadata/ }), { target: { value: '<EntityDescriptor/>' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Single sign-on saved!')).toBeTruthy();
    const body = api.requests.find((request) => request.method === 'PUT')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ protocol: 'saml', idp_metadata: '<EntityDescriptor/>', domains: ['acme.example', 'acme-labs.example'] });
    expect(Object.keys(body)).not.toContain('issuer');
    expect(Object.keys(body)).not.toContain('client_id');
  });

  it('removes the connection after the question, and the form starts again', async () => {
    const api = as('master', [
      { method: 'GET', path: SSO, status: 200, body: { data: OIDC }, once: true },
      { method: 'GET', path: TOKENS_API, status: 200, body: page([]) },
      { method: 'DELETE', path: SSO, status: 204 },
      { method: 'GET', path: SSO, status: 200, body: { data: null } },
    ]);
    renderApp(PAGE);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove single sign-on' }));
    const question = await screen.findByRole('alertdialog', { name: 'Remove single sign-on?' });
    fireEvent.click(within(question).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('form', { name: 'Set up single sign-on' })).toBeTruthy();
    expect(api.requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([SSO]);
    expect(within(screen.getByRole('form', { name: 'Set up single sign-on' })).getByRole('textbox', { name: /^Name/ })).toHaveProperty('value', '');
  });

  it('creates a SCIM token, shows it once, and revokes one after the question', async () => {
    const api = as('master', [
      { method: 'GET', path: SSO, status: 200, body: { data: OIDC } },
      { method: 'GET', path: TOKENS_API, status: 200, body: page([]), once: true },
      { method: 'POST', path: TOKENS_API, status: 201, body: { data: { ...SCIM_TOKEN, token: 'tsc_shown-once' } } },
      { method: 'GET', path: TOKENS_API, status: 200, body: page([SCIM_TOKEN]), once: true },
      {
        method: 'DELETE',
        path: `${TOKENS_API}/${SCIM_TOKEN.id}`,
        status: 200,
        body: { data: { ...SCIM_TOKEN, is_revoked: true, revoked_at: '2026-03-03T09:00:00Z' } },
      },
      { method: 'GET', path: TOKENS_API, status: 200, body: page([{ ...SCIM_TOKEN, is_revoked: true, revoked_at: '2026-03-03T09:00:00Z' }]) },
    ]);
    renderApp(PAGE);
    expect(await screen.findByText('No SCIM tokens yet.')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Create a SCIM token' });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Entra provisioning' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create token' }));
    expect(((await screen.findByRole('textbox', { name: 'SCIM token' })) as HTMLInputElement).value).toBe('tsc_shown-once');
    expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({ name: 'Entra provisioning' });
    const row = await screen.findByRole('row', { name: /Entra provisioning/ });
    expect(row.textContent).toContain('Never');
    fireEvent.click(within(row).getByRole('button', { name: 'Revoke Entra provisioning' }));
    const question = await screen.findByRole('alertdialog', { name: 'Revoke Entra provisioning?' });
    fireEvent.click(within(question).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText(/^Revoked /)).toBeTruthy();
  });

  it('an admin is sent to the forbidden page', async () => {
    as('admin', []);
    renderApp(PAGE);
    expect(await screen.findByRole('heading', { name: /403/ })).toBeTruthy();
  });
});
