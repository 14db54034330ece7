// Generated from the forms and query forms of sdk/src/rules/*.ts by sdk/scripts/rules-registry.mjs (`npm run
// generate`): never edit it by hand. `npm run check:generated` (CI) fails when it is stale.
import { platformForms } from '../forms.js';
import { integrationClientForms, integrationClientQueryForms } from '../integration-clients.js';
import { kcForms, kcQueryForms } from '../knowledge-checks.js';
import { platformQueryForms } from '../queries.js';
import { ssoForms, ssoQueryForms } from '../sso.js';
import { webhookForms, webhookQueryForms } from '../webhooks.js';

export * from '../forms.js';
export * from '../integration-clients.js';
export * from '../knowledge-checks.js';
export * from '../queries.js';
export * from '../sso.js';
export * from '../webhooks.js';

/** The names two of the sources both give: a later spread would silently replace the earlier form. */
type GivenTwice<Sources extends readonly object[], Seen extends PropertyKey = never> = Sources extends readonly [
  infer First extends object,
  ...infer Rest extends readonly object[],
]
  ? Extract<keyof First, Seen> | GivenTwice<Rest, Seen | keyof First>
  : never;
type Merged<Sources extends readonly object[]> = Sources extends readonly [infer First, ...infer Rest extends readonly object[]]
  ? First & Merged<Rest>
  : unknown;

/** One object of the sources' entries; a name given twice fails to compile here, naming it. */
function gather<const Sources extends readonly object[]>(
  ...sources: Sources & ([GivenTwice<Sources>] extends [never] ? unknown : { givenTwice: GivenTwice<Sources> })
): Merged<Sources> {
  return Object.assign({}, ...sources) as Merged<Sources>;
}

/** The form of each request body and screen, by name: the server validates with it, clients check fields with it. */
export const forms = /* @__PURE__ */ gather(platformForms, integrationClientForms, kcForms, ssoForms, webhookForms);

/** Each read's query string, named after its operation (contract-check.ts holds each to its parameters). */
export const queryForms = /* @__PURE__ */ gather(integrationClientQueryForms, kcQueryForms, platformQueryForms, ssoQueryForms, webhookQueryForms);

export type FormName = keyof typeof forms;
