import { EXCEPTION_TITLES, ExceptionPage } from './ExceptionPage';

// The route modules of /whoops, /no-response, /forbidden and /not-found.
export const WhoopsPage = () => <ExceptionPage title={EXCEPTION_TITLES.whoops} />;
export const NoResponsePage = () => <ExceptionPage title={EXCEPTION_TITLES.noResponse} />;
export const ForbiddenPage = () => <ExceptionPage title={EXCEPTION_TITLES.forbidden} />;
export const NotFoundPage = () => <ExceptionPage title={EXCEPTION_TITLES.notFound} />;
