import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TesseraErrorCode } from '@tessera/sdk';
import { OTHER } from '../../forms/formState';
import { fakeApi } from '../../test/fakeApi';
import { accessRequestErrors, CONFIRM_FIRST, RequestAccessForm } from './RequestAccessForm';

const failure = (status: number, errors?: Record<string, string[]>, code: TesseraErrorCode = 'validation_failed') => ({
  ok: false as const,
  status,
  routed: false,
  error: { message: 'Invalid', code, errors },
});

describe('accessRequestErrors', () => {
  it.each([
    ['You have been removed from this organization.', 'You have been removed from this organization.'],
    ['You have already submitted a request to join this organization.', 'You have already requested to join this organization.'],
    ['You are already associated with this organization.', 'You are already a member.'],
  ])('maps the tenant_id message "%s" to the spec text under other', (server, shown) => {
    expect(accessRequestErrors(failure(422, { tenant_id: [server] }))).toEqual({ [OTHER]: [shown] });
  });

  it('shows the confirm-first notice for an unconfirmed email', () => {
    expect(accessRequestErrors(failure(403, undefined, 'email_unconfirmed'))).toEqual({ [OTHER]: [CONFIRM_FIRST] });
  });

  it('leaves other failures to the default mapping', () => {
    expect(accessRequestErrors(failure(422, { name: ['Unknown organization.'] }))).toBeNull();
  });
});

describe('RequestAccessForm', () => {
  it('is disabled with a notice until the email is confirmed', () => {
    render(<RequestAccessForm isConfirmed={false} />);
    expect(screen.getByText(CONFIRM_FIRST)).toBeTruthy();
    expect(screen.getByLabelText(/Organization Name/)).toHaveProperty('disabled', true);
  });

  it('sends the name and shows Request Sent!', async () => {
    const api = fakeApi([
      {
        method: 'POST',
        path: '/api/access-requests',
        status: 201,
        body: { data: { id: 'r1', status: 'pending', tenant: { id: 't', name: 'Acme Training' }, created_at: '2026-01-01T00:00:00Z' } },
      },
    ]);
    render(<RequestAccessForm isConfirmed />);
    fireEvent.change(screen.getByLabelText(/Organization Name/), { target: { value: 'Acme Training' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request Access' }));
    await screen.findByText('Request Sent!');
    expect(api.requests[0].body).toEqual({ name: 'Acme Training' });
    expect(screen.getByLabelText(/Organization Name/)).toHaveProperty('value', '');
  });
});
