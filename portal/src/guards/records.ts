import type { QueryKey } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { redirect } from 'react-router';
import { apiCall, type RawResult } from '../api/call';
import { isAccessBlock, type ApiOutcome } from '../api/outcome';
import { ApiError, queryClient, unwrap } from '../api/queries';
import { pathOf, redirectForFailure } from './loaders';

/**
 * A route loader's read, through the portal's one cache (`fetchQuery`: a value read in the last 30 s and not
 * invalidated since is not asked for again; a write that changed it has invalidated it). Answers the value, or a
 * redirect to the page of the failure (not-found for an unknown id). A member blocked from the organization gets
 * null: the organization's layout shows the modal instead of the page. `read` should not route failures.
 */
export async function loadThrough<T>(request: LoaderFunctionArgs['request'], queryKey: QueryKey, read: () => Promise<ApiOutcome<T>>): Promise<T | null> {
  try {
    return await queryClient.fetchQuery({ queryKey, queryFn: async () => unwrap(await read()) });
  } catch (thrown) {
    if (!(thrown instanceof ApiError)) throw thrown;
    const { failure } = thrown;
    if (failure.status === 403 && isAccessBlock(failure.error.code)) return null;
    throw redirectForFailure(failure, pathOf(request));
  }
}

/**
 * A route parameter resolved into its record (spec 2.2: organization, group, member...) through the cache, under
 * `queryKey` (its family first: `['members', tenant, id]`): see `loadThrough`.
 */
export function loadRecord<T>(request: LoaderFunctionArgs['request'], queryKey: QueryKey, call: () => Promise<RawResult<{ data: T }>>): Promise<T | null> {
  return loadThrough(request, queryKey, async () => {
    const outcome = await apiCall(call(), { routeErrors: false });
    return outcome.ok ? { ok: true, data: outcome.data.data } : outcome;
  });
}

/** A route parameter that must be present (the route table guarantees it; a bad link is not found). */
export function param(params: LoaderFunctionArgs['params'], name: string): string {
  const value = params[name];
  if (!value) throw redirect('/not-found');
  return value;
}
