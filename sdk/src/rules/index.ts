/**
 * Tessera's validation rules and their messages, as valibot schemas. This is the only place they are written:
 * the server parses request bodies with these forms, and the portal and widgets check fields with them before
 * sending, so a person sees the same message either way.
 *
 * Split by what a client needs: core (messages, the field schemas, parseForm, the login form), files (upload
 * checks), and the forms of each resource (forms.ts for the platform's own, a file per later resource), gathered
 * with every module that declares forms by the generated registry. The SDK has no side effects, so a bundle that
 * needs only the login form (the standalone widget) leaves the other modules out.
 */
export * from './bioreq.js';
export * from './core.js';
export * from './files.js';
export * from './generated/registry.js';
