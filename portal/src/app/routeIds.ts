/** Ids of routes whose loader data other routes read (useRouteLoaderData). */
export const ORGANIZATION_ROUTE_ID = 'organization';
