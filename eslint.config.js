// ESLint for the whole repository: typescript-eslint's recommended rules everywhere, the React hooks rules
// (including the React Compiler's) in the React packages, and the import boundaries between features that
// ARCHITECTURE.md describes. Run it with `npm run lint`.
import { readdirSync } from 'node:fs';
import { defineConfig } from 'eslint/config';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Which other features a feature may import, besides the shared folders (portal) or layers (server) and the shared
// feature every other builds on (the portal's organization, the server's content kernel). Every folder under portal/src/features and server/src/features is a feature (read from the
// folders: a new feature needs no entry here); only a dependency on another feature is declared, in the same change, so
// a reviewer sees it.
const PORTAL_FEATURE_IMPORTS = withEveryFeature('portal/src/features', {
  'admin-content': ['client', 'groups', 'kc-authoring', 'media', 'members'],
  bioreq: ['media'],
  auth: ['shell'],
  client: ['items-editor'],
  groups: ['members', 'modules'],
  home: ['shell'],
  'integration-clients': ['members'],
  'items-editor': ['media'],
  'kc-authoring': ['client', 'items-editor', 'media'],
  'kc-learner': ['client'],
  'kc-reports': ['reports'],
  media: ['modules'],
  members: ['groups', 'modules'],
  organizations: ['sso'],
  shell: ['client'],
  sso: ['auth'],
});

const SERVER_FEATURE_IMPORTS = withEveryFeature('server/src/features', {
  // A password login checks single sign-on's enforcement first (features/sso/enforcement.ts).
  accounts: ['sso'],
  'access-requests': ['accounts', 'tenant-users', 'tenants'],
  bioreq: ['media'],
  components: ['media', 'modules', 'topics'],
  files: ['media'],
  groups: ['tenant-users'],
  'kc-reports': ['media'],
  'kc-transfer': ['knowledge-checks', 'media'],
  items: ['media', 'modules', 'topics'],
  'knowledge-checks': ['media'],
  modules: ['media', 'tenant-users'],
  scim: ['accounts', 'scim-tokens', 'tenant-users'],
  suggestions: ['media', 'modules', 'tenant-users'],
  'tenant-users': ['accounts', 'tenants'],
  topics: ['components', 'modules'],
  users: ['accounts'],
});

/** Every feature folder of `root`, with the features it declares (none unless listed); a listed name that is no folder is an error. */
function withEveryFeature(root, declared) {
  const folders = readdirSync(new URL(root, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  for (const [feature, imports] of Object.entries(declared)) {
    for (const name of [feature, ...imports]) if (!folders.includes(name)) throw new Error(`${root}/${name} is not a feature folder (eslint.config.js)`);
  }
  return Object.fromEntries(folders.map((feature) => [feature, declared[feature] ?? []]));
}

// The layers a server feature builds on: the request pipeline (http/), data access (db/), and the services AppServices hands to every feature (context, config, mail,
// storage, the rate limits and login guard of security/, version). The OIDC provider, the CLI and the app's wiring are not among them.
// Every server feature may also import the shared content kernel, features/content.
const SERVER_FEATURE_LAYERS = ['server-http', 'server-db', 'server-services'];

const sourceFiles = ['**/*.{ts,tsx,js,mjs,cjs}'];

const DATA_ACCESS =
  'A feature reaches the database through the Database (ARCHITECTURE.md#data-access): reads with db.rows/db.row over db.from or db.inTenant(id).from, writes with write(Model), transactions with db.transaction.';

/** One boundaries policy per feature: it may import itself, its declared features and the given layers. */
function featurePolicies(featureType, declaredImports, layers, sharedFeatures = []) {
  return Object.entries(declaredImports).map(([feature, declaredFeatures]) => {
    const allowedFeatures = [feature, ...sharedFeatures, ...declaredFeatures];
    return {
      from: { element: { type: featureType, captured: { feature } } },
      allow: {
        to: [
          ...layers.flatMap((layer) => [{ element: { type: layer } }, { file: { categories: layer } }]),
          ...allowedFeatures.map((allowed) => ({ element: { type: featureType, captured: { feature: allowed } } })),
        ],
      },
    };
  });
}

export default defineConfig(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '**/storybook-static/',
      '**/test-results/',
      '**/playwright-report/',
      '**/coverage/',
      'sdk/src/generated/',
      'server/bench/tmp-*/',
    ],
  },
  {
    files: sourceFiles,
    extends: [tseslint.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // The repository's conventions for a value left out on purpose: `{ omitted: _omitted, ...rest }`, and a
      // positional parameter a signature requires (`_next` of a Koa middleware).
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true, argsIgnorePattern: '^_' }],
      // `interface WindowEventMap extends TesseraEventMap {}` is how a global map is extended (declaration merging).
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    files: ['portal/**/*.{ts,tsx}', 'widgets/**/*.{ts,tsx}', 'storybook/**/*.{ts,tsx}', 'examples/**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['portal/**/*.{ts,tsx}', 'widgets/**/*.{ts,tsx}', 'storybook/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest']],
  },
  {
    files: ['portal/src/**/*.{ts,tsx}', 'server/src/**/*.ts'],
    plugins: { boundaries },
    settings: {
      // The TypeScript resolver maps the server's `./x.js` specifiers to their `.ts` sources.
      'import/resolver': { typescript: { project: ['portal/tsconfig.json', 'server/tsconfig.json'], noWarnOnMultipleProjects: true } },
      'boundaries/elements': [
        { type: 'portal-feature', pattern: 'portal/src/features/*', capture: ['feature'] },
        { type: 'portal-shared', pattern: 'portal/src/{api,forms,guards,lib,lists,state,ui}' },
        // The test harness renders the whole app, so it may import anything; features import it in their tests.
        { type: 'portal-test', pattern: 'portal/src/test' },
        { type: 'portal-app', pattern: 'portal/src/app' },
        { type: 'server-feature', pattern: 'server/src/features/*', capture: ['feature'] },
        { type: 'server-http', pattern: 'server/src/http' },
        { type: 'server-db', pattern: 'server/src/db' },
        { type: 'server-services', pattern: 'server/src/{events,jobs,mail,security,storage}' },
        { type: 'server-app', pattern: 'server/src/oidc' },
      ],
      'boundaries/files': [
        { category: 'portal-shared', pattern: 'portal/src/{version,app/routeIds}.ts' },
        { category: 'server-services', pattern: 'server/src/{context,config,version}.ts' },
        { category: 'server-app', pattern: 'server/src/{app,background-work,backup,cli,main,logger,secrets,seed-demo,routes.generated}.ts' },
      ],
      'boundaries/root-path': import.meta.dirname,
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            // Features import only what they declare; the shared folders and the layers below never import a feature.
            {
              from: { element: { type: 'portal-feature' } },
              disallow: { to: { element: { type: ['portal-feature', 'portal-app'] } } },
              message: 'A portal feature imports only the shared folders and the features it declares in PORTAL_FEATURE_IMPORTS (eslint.config.js)',
            },
            { from: { element: { type: 'portal-shared' } }, disallow: { to: { element: { type: ['portal-feature', 'portal-app'] } } } },
            ...featurePolicies('portal-feature', PORTAL_FEATURE_IMPORTS, ['portal-shared', 'portal-test'], ['organization']),
            {
              from: { element: { type: 'server-feature' } },
              message:
                'A server feature imports only http/, db/, features/content, the services and the features it declares in SERVER_FEATURE_IMPORTS (eslint.config.js)',
              disallow: {
                to: [
                  { element: { type: ['server-feature', 'server-http', 'server-db', 'server-services', 'server-app'] } },
                  { file: { categories: ['server-services', 'server-app'] } },
                ],
              },
            },
            { from: { element: { type: ['server-http', 'server-db'] } }, disallow: { to: { element: { type: 'server-feature' } } } },
            ...featurePolicies('server-feature', SERVER_FEATURE_IMPORTS, SERVER_FEATURE_LAYERS, ['content']),
          ],
        },
      ],
    },
  },
  {
    // Migrations are frozen (ARCHITECTURE.md#data-access): they import knex and their own helpers, never application
    // code, so editing the application never changes an old migration.
    files: ['server/src/db/migrations/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../*', '!./helpers/*'], message: 'A migration imports nothing from src/ but db/migrations/helpers/ (ARCHITECTURE.md#data-access).' },
          ],
        },
      ],
    },
  },
  {
    // One door per kind of access (ARCHITECTURE.md#data-access): a feature holds the Database and nothing under it.
    files: ['server/src/features/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'knex', message: DATA_ACCESS },
            { name: 'objection', message: DATA_ACCESS },
          ],
          patterns: [{ group: ['**/db/knex.js'], message: DATA_ACCESS }],
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[property.name='knex']", message: DATA_ACCESS },
        { selector: 'CallExpression[callee.property.name=/^(query|relatedQuery|knexQuery)$/][callee.object.name=/^[A-Z]/]', message: DATA_ACCESS },
        {
          selector: 'MemberExpression[property.name=/^(isSqlite|keepsAnswers)$/]',
          message: 'Features never branch on which database runs: a list mode or a kept answer is a named strategy of db/ (ARCHITECTURE.md#data-access).',
        },
      ],
    },
  },
);
