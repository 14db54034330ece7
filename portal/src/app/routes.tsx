import { Navigate, redirect, type RouteObject, type ShouldRevalidateFunctionArgs } from 'react-router';
import { ForbiddenPage, NoResponsePage, NotFoundPage, WhoopsPage } from '../features/errors/ExceptionPages';
import { clientModulesLoader } from '../features/client/modulesList';
import { PublicLayout } from '../features/shell/PublicLayout';
import { authenticatedLoader, freshUserLoader, guestOnlyLoader, ownerLoader } from '../guards/loaders';
import { RootErrorBoundary, RootLayout, RouteFallback } from './RootLayout';
import { ORGANIZATION_ROUTE_ID } from './routeIds';

/**
 * A list's page, sort, search and tab live in the URL's search string (lists/listParams.ts): a navigation that
 * changes only that string is the list's business, and the loaders above it (session, organization, module) are
 * not run again. Submissions, a new path and an explicit revalidation (same URL) keep React Router's default.
 */
function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const onlySearchChanged = currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search;
  return formMethod === undefined && onlySearchChanged ? false : defaultShouldRevalidate;
}

function withListRevalidation(route: RouteObject): RouteObject {
  if (route.index) return { ...route, shouldRevalidate };
  return { ...route, shouldRevalidate, children: route.children?.map(withListRevalidation) };
}

/**
 * The route table of this slice (spec section 2.1). Every screen and layout is a lazy module, so
 * a visit to /login downloads only what /login shows; the exceptions are the public layout (a header and a
 * centered column) and the exception pages, which must show when the server (and so every lazy module) is out
 * of reach.
 */
export const routes: RouteObject[] = (
  [
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RootErrorBoundary,
      HydrateFallback: RouteFallback,
      children: [
        {
          // Guest only: an authenticated visitor is sent back to the previous path.
          loader: guestOnlyLoader,
          Component: PublicLayout,
          children: [
            { path: 'login', lazy: () => import('../features/auth/LoginPage').then((m) => ({ Component: m.LoginPage })) },
            { path: 'sign-up', lazy: () => import('../features/auth/SignUpPage').then((m) => ({ Component: m.SignUpPage })) },
            {
              path: 'forgot-password',
              lazy: () => import('../features/auth/ForgotPasswordPage').then((m) => ({ Component: m.ForgotPasswordPage })),
            },
            {
              path: 'reset-password/:token',
              lazy: () => import('../features/auth/ResetPasswordPage').then((m) => ({ Component: m.ResetPasswordPage })),
            },
            {
              path: 'finish-registration/:token',
              lazy: () => import('../features/auth/FinishRegistrationPage').then((m) => ({ Component: m.FinishRegistrationPage })),
            },
            // Single sign-on through the organization's identity provider (issue 33).
            { path: 'sso', lazy: () => import('../features/sso/SsoPage').then((m) => ({ Component: m.SsoPage })) },
          ],
        },
        {
          // Open to anyone.
          Component: PublicLayout,
          children: [
            {
              path: 'confirm-email/:token',
              lazy: () => import('../features/auth/ConfirmEmailPage').then((m) => ({ Component: m.ConfirmEmailPage })),
            },
            { path: 'about', lazy: () => import('../features/about/AboutPage').then((m) => ({ Component: m.AboutPage })) },
            // Back from the identity provider: it signs in whoever is there, like /mlogin's handed tokens.
            { path: 'sso/complete', lazy: () => import('../features/sso/SsoCompletePage').then((m) => ({ Component: m.SsoCompletePage })) },
            // An application's authorization request (server/src/oidc/interactions.ts): log in, then allow it, whoever is here.
            { path: 'authorize/:uid', lazy: () => import('../features/auth/AuthorizePage').then((m) => ({ Component: m.AuthorizePage })) },
            // The exception pages (spec 2.2) and their layout are part of the entry chunk, not lazy: /no-response is
            // where the portal goes when the server does not answer, and then no module can be fetched from it.
            { path: 'whoops', Component: WhoopsPage },
            { path: 'no-response', Component: NoResponsePage },
            { path: 'forbidden', Component: ForbiddenPage },
            { path: 'not-found', Component: NotFoundPage },
          ],
        },
        // Chromeless: no top bar, no logo; a host page embeds or links to it.
        { path: 'mlogin', lazy: () => import('../features/auth/MloginPage').then((m) => ({ Component: m.MloginPage })) },
        { path: 'logout', lazy: () => import('../features/auth/LogoutPage').then((m) => ({ Component: m.LogoutPage })) },
        {
          // Authenticated: the current user and configuration are loaded before these render.
          loader: authenticatedLoader,
          lazy: () => import('../features/shell/AppShell').then((m) => ({ Component: m.AppShell })),
          children: [
            { index: true, loader: freshUserLoader, lazy: () => import('../features/home/HomePage').then((m) => ({ Component: m.HomePage })) },
            { path: 'profile', lazy: () => import('../features/profile/ProfilePage').then((m) => ({ Component: m.ProfilePage })) },
            {
              // An organization's invitation (ARCHITECTURE.md#member-invitations): accepted while logged in.
              path: 'accept-invitation/:token',
              lazy: () => import('../features/auth/AcceptInvitationPage').then((m) => ({ Component: m.AcceptInvitationPage })),
            },
            {
              // Platform owner: management screens, unsupported on small screens like the admin area.
              loader: ownerLoader,
              lazy: () => import('../features/organization/AdminLayout').then((m) => ({ Component: m.WideScreenOutlet })),
              children: [
                { path: 'users', lazy: () => import('../features/users/UsersPage').then((m) => ({ Component: m.UsersPage })) },
                { path: 'jobs', lazy: () => import('../features/jobs/JobsPage').then((m) => ({ Component: m.JobsPage })) },
                {
                  path: 'organizations',
                  lazy: () => import('../features/organizations/OrganizationsPage').then((m) => ({ Component: m.OrganizationsPage })),
                },
                {
                  id: 'edit-organization',
                  path: 'organizations/:organization/edit',
                  lazy: () =>
                    import('../features/organizations/EditOrganizationPage').then((m) => ({
                      loader: m.editOrganizationLoader,
                      Component: m.EditOrganizationPage,
                    })),
                },
              ],
            },
            {
              // Client and admin views (:organization is an id or a pretty-URL name).
              id: ORGANIZATION_ROUTE_ID,
              path: ':organization',
              lazy: () =>
                import('../features/organization/OrganizationLayout').then((m) => ({
                  loader: m.organizationLoader,
                  Component: m.OrganizationLayout,
                })),
              children: [
                { index: true, loader: ({ params }) => redirect(`/${encodeURIComponent(params.organization ?? '')}/modules`) },
                {
                  id: 'client-modules',
                  path: 'modules',
                  // A static loader (modulesList.ts, small, and what it imports is the start-up's own): the first page of
                  // modules is asked for when the router starts, with the download of the page's code, not a round trip
                  // later. (React Router's lazy object would clear its loaded keys on the shared route object, which
                  // leaves a second router, as in tests, without them.)
                  loader: clientModulesLoader,
                  lazy: () => import('../features/client/ClientModulesPage').then((m) => ({ Component: m.ClientModulesPage })),
                },
                {
                  id: 'client-components',
                  path: 'modules/:module/components',
                  lazy: () =>
                    import('../features/client/ClientComponentsPage').then((m) => ({ loader: m.clientModuleLoader, Component: m.ClientComponentsPage })),
                },
                {
                  path: 'modules/:module/components/:component/topics',
                  lazy: () => import('../features/client/ClientTopicsPage').then((m) => ({ loader: m.clientComponentLoader, Component: m.ClientTopicsPage })),
                },
                {
                  id: 'content-tree',
                  path: 'content-tree',
                  lazy: () => import('../features/client/ContentTreePage').then((m) => ({ Component: m.ContentTreePage })),
                },
                {
                  id: 'client-topic-items',
                  path: 'modules/:module/components/:component/topics/:topic/items',
                  lazy: () => import('../features/client/TopicItemsPage').then((m) => ({ loader: m.clientTopicLoader, Component: m.TopicItemsPage })),
                },
                {
                  id: 'starred-topics',
                  path: 'starred-topics',
                  lazy: () => import('../features/client/StarredTopicsPage').then((m) => ({ Component: m.StarredTopicsPage })),
                },
                // Knowledge checks (spec section 2, client routes): a topic's and a component's check, and a response's
                // review under each. Starred topics open a topic's check through the same route (it carries the module
                // and the component).
                ...[
                  'modules/:module/components/:component/topics/:topic/knowledgecheck/:knowledgecheck',
                  'modules/:module/components/:component/knowledgecheck/:knowledgecheck',
                ].flatMap((path, index) => {
                  const name = index === 0 ? 'client-knowledgecheck' : 'client-component-knowledgecheck';
                  const lazy = () =>
                    import('../features/kc-learner/ClientKnowledgeCheckPage').then((m) => ({
                      loader: m.knowledgeCheckLoader,
                      Component: m.ClientKnowledgeCheckPage,
                    }));
                  return [
                    { id: name, path, lazy },
                    { id: `${name}-response`, path: `${path}/response/:response`, lazy },
                  ];
                }),
                {
                  id: 'my-knowledge-checks',
                  path: 'knowledgechecks',
                  lazy: () => import('../features/kc-learner/MyKnowledgeChecksPage').then((m) => ({ Component: m.MyKnowledgeChecksPage })),
                },
                {
                  id: 'client-bioreq',
                  path: 'bioreq',
                  lazy: () => import('../features/bioreq/ClientBioreqPage').then((m) => ({ Component: m.ClientBioreqPage })),
                },
                {
                  path: 'admin',
                  handle: { minimumRole: 'admin' },
                  lazy: () => import('../features/organization/AdminLayout').then((m) => ({ Component: m.AdminLayout })),
                  children: [
                    { index: true, loader: ({ params }) => redirect(`/${encodeURIComponent(params.organization ?? '')}/admin/modules`) },
                    {
                      id: 'admin-modules',
                      path: 'modules',
                      lazy: () => import('../features/admin-content/ModulesPage').then((m) => ({ Component: m.ModulesPage })),
                    },
                    {
                      id: 'admin-edit-module',
                      path: 'modules/:module/edit',
                      lazy: () => import('../features/admin-content/EditModulePage').then((m) => ({ loader: m.moduleLoader, Component: m.EditModulePage })),
                    },
                    {
                      id: 'admin-components',
                      path: 'modules/:module/components',
                      lazy: () => import('../features/admin-content/ComponentsPage').then((m) => ({ loader: m.moduleLoader, Component: m.ComponentsPage })),
                    },
                    {
                      id: 'admin-edit-component',
                      path: 'components/:component/edit',
                      lazy: () =>
                        import('../features/admin-content/EditComponentPage').then((m) => ({ loader: m.componentLoader, Component: m.EditComponentPage })),
                    },
                    {
                      id: 'admin-topics',
                      path: 'components/:component/topics',
                      lazy: () => import('../features/admin-content/TopicsPage').then((m) => ({ loader: m.componentLoader, Component: m.TopicsPage })),
                    },
                    {
                      id: 'admin-edit-topic',
                      path: 'topics/:topic/edit',
                      lazy: () => import('../features/admin-content/EditTopicPage').then((m) => ({ loader: m.topicLoader, Component: m.EditTopicPage })),
                    },
                    // Knowledge check authoring (spec section 2; kc-authoring).
                    {
                      id: 'admin-knowledgecheck',
                      path: 'modules/:module/components/:component/topics/:topic/knowledgecheck',
                      lazy: () => import('../features/kc-authoring/TopicCheckPage').then((m) => ({ loader: m.topicCheckLoader, Component: m.TopicCheckPage })),
                    },
                    {
                      id: 'admin-component-knowledgecheck-create',
                      path: 'modules/:module/components/:component/knowledgecheck/create',
                      lazy: () =>
                        import('../features/kc-authoring/CreateComponentCheckPage').then((m) => ({
                          loader: m.componentCreateLoader,
                          Component: m.CreateComponentCheckPage,
                        })),
                    },
                    {
                      id: 'admin-component-knowledgecheck',
                      path: 'modules/:module/components/:component/knowledgecheck',
                      lazy: () =>
                        import('../features/kc-authoring/ComponentCheckPage').then((m) => ({
                          loader: m.componentCheckLoader,
                          Component: m.ComponentCheckPage,
                        })),
                    },
                    { path: 'media', lazy: () => import('../features/media/MediaPage').then((m) => ({ Component: m.MediaPage })) },
                    {
                      path: 'media/:media/edit',
                      lazy: () => import('../features/media/EditMediaPage').then((m) => ({ loader: m.editMediaLoader, Component: m.EditMediaPage })),
                    },
                    { path: 'reports', lazy: () => import('../features/reports/ReportsPage').then((m) => ({ Component: m.ReportsPage })) },
                    {
                      id: 'admin-reports-knowledgecheck',
                      path: 'reports/knowledgecheck',
                      lazy: () => import('../features/kc-reports/KcReportPage').then((m) => ({ Component: m.KcReportPage })),
                    },
                    {
                      path: 'reports/knowledgecheck/analysis/:id',
                      lazy: () => import('../features/kc-reports/ItemAnalysisPage').then((m) => ({ Component: m.ItemAnalysisPage })),
                    },
                    {
                      path: 'reports/knowledgecheck/:responseId',
                      lazy: () => import('../features/kc-reports/KcResponseDetailPage').then((m) => ({ Component: m.KcResponseDetailPage })),
                    },
                    {
                      id: 'admin-knowledgecheck-print',
                      path: 'modules/:module/knowledgecheck/:id/print/:number?',
                      lazy: () => import('../features/kc-print/KcPrintPage').then((m) => ({ Component: m.KcPrintPage })),
                    },
                    {
                      path: 'suggestions',
                      handle: { minimumRole: 'master' },
                      lazy: () => import('../features/suggestions/SuggestionsPage').then((m) => ({ Component: m.SuggestionsPage })),
                    },
                    {
                      path: 'suggestions/:suggestion',
                      handle: { minimumRole: 'master' },
                      lazy: () => import('../features/suggestions/SuggestionPage').then((m) => ({ loader: m.suggestionLoader, Component: m.SuggestionPage })),
                    },
                    {
                      id: 'admin-knowledgecheck-preview',
                      path: 'modules/:module/components/:component/topics/:topic/knowledgecheck/:knowledgecheck/preview',
                      lazy: () =>
                        import('../features/kc-learner/KnowledgeCheckPreviewPage').then((m) => ({
                          loader: m.knowledgeCheckLoader,
                          Component: m.KnowledgeCheckPreviewPage,
                        })),
                    },
                    {
                      id: 'admin-component-knowledgecheck-preview',
                      path: 'modules/:module/components/:component/knowledgecheck/:knowledgecheck/preview',
                      lazy: () =>
                        import('../features/kc-learner/KnowledgeCheckPreviewPage').then((m) => ({
                          loader: m.knowledgeCheckLoader,
                          Component: m.KnowledgeCheckPreviewPage,
                        })),
                    },
                    {
                      id: 'admin-bioreq',
                      path: 'bioreq',
                      lazy: () => import('../features/bioreq/AdminBioreqPage').then((m) => ({ Component: m.AdminBioreqPage })),
                    },
                    {
                      path: 'bioreq/settings',
                      handle: { minimumRole: 'master' },
                      lazy: () =>
                        import('../features/bioreq/BioreqSettingsPage').then((m) => ({ loader: m.bioreqSettingsLoader, Component: m.BioreqSettingsPage })),
                    },
                    {
                      path: 'members',
                      handle: { minimumRole: 'master' },
                      lazy: () => import('../features/members/MembersPage').then((m) => ({ Component: m.MembersPage })),
                    },
                    {
                      id: 'admin-edit-member',
                      path: 'members/:member/edit',
                      handle: { minimumRole: 'master' },
                      lazy: () => import('../features/members/EditMemberPage').then((m) => ({ loader: m.editMemberLoader, Component: m.EditMemberPage })),
                    },
                    {
                      path: 'groups',
                      handle: { minimumRole: 'master' },
                      lazy: () => import('../features/groups/GroupsPage').then((m) => ({ Component: m.GroupsPage })),
                    },
                    {
                      id: 'admin-edit-group',
                      path: 'groups/:group/edit',
                      handle: { minimumRole: 'master' },
                      lazy: () => import('../features/groups/EditGroupPage').then((m) => ({ loader: m.editGroupLoader, Component: m.EditGroupPage })),
                    },
                    {
                      path: 'integration-clients',
                      handle: { minimumRole: 'master' },
                      lazy: () => import('../features/integration-clients/IntegrationClientsPage').then((m) => ({ Component: m.IntegrationClientsPage })),
                    },
                    {
                      path: 'single-sign-on',
                      handle: { minimumRole: 'master' },
                      lazy: () => import('../features/sso/SingleSignOnPage').then((m) => ({ Component: m.SingleSignOnPage })),
                    },
                    {
                      path: 'webhooks',
                      handle: { minimumRole: 'master' },
                      lazy: () => import('../features/webhooks/WebhooksPage').then((m) => ({ Component: m.WebhooksPage })),
                    },
                    {
                      path: 'webhooks/:webhook',
                      handle: { minimumRole: 'master' },
                      lazy: () => import('../features/webhooks/WebhookPage').then((m) => ({ loader: m.webhookLoader, Component: m.WebhookPage })),
                    },
                    {
                      path: 'access-requests',
                      handle: { minimumRole: 'master' },
                      lazy: () => import('../features/access-requests/AccessRequestsPage').then((m) => ({ Component: m.AccessRequestsPage })),
                    },
                    {
                      id: 'admin-items',
                      path: 'topics/:topic/items',
                      lazy: () =>
                        import('../features/items-editor/ItemsEditorPage').then((m) => ({ loader: m.itemsEditorLoader, Component: m.ItemsEditorPage })),
                    },
                  ],
                },
              ],
            },
          ],
        },
        { path: '*', Component: () => <Navigate to="/not-found" replace /> },
      ],
    },
  ] satisfies RouteObject[]
).map(withListRevalidation);
