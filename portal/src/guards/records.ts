import type { LoaderFunctionArgs } from 'react-router';
import { redirect } from 'react-router';
import { apiCall, type RawResult } from '../api/call';
import { isAccessBlock } from '../api/outcome';
import { pathOf, redirectForFailure } from './loaders';

/**
 * A route parameter resolved into its record (spec 2.2: organization, group, member...): the
 * record, or a redirect to the page of the failure (not-found for an unknown id). A member blocked
 * from the organization gets null: the organization's layout shows the modal instead of the page.
 */
export async function loadRecord<T>(request: LoaderFunctionArgs['request'], call: Promise<RawResult<{ data: T }>>): Promise<T | null> {
  const outcome = await apiCall(call, { routeErrors: false });
  if (outcome.ok) return outcome.data.data;
  if (outcome.status === 403 && isAccessBlock(outcome.error.code)) return null;
  throw redirectForFailure(outcome, pathOf(request));
}

/** A route parameter that must be present (the route table guarantees it; a bad link is not found). */
export function param(params: LoaderFunctionArgs['params'], name: string): string {
  const value = params[name];
  if (!value) throw redirect('/not-found');
  return value;
}
