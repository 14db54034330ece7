/**
 * The pages of RP-initiated logout (`GET /api/session/end`, OpenID Connect RP-Initiated Logout 1.0): the question
 * whether to sign out of Tessera too, and the page shown when no client named where to go afterwards. Plain HTML
 * without scripts or styles: they are served under /api, whose CSP is `default-src 'none'`. The form the library
 * hands over carries its CSRF token (`xsrf`) and posts to `/api/session/end/confirm`.
 */
import type { KoaContextWithOIDC } from 'oidc-provider';

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body><main><h1>${title}</h1>${body}</main></body>
</html>`;
}

/** Asks whether to end the Tessera session too; "No" ends only the client's own (the library's default choice). */
export async function endSessionPage(ctx: KoaContextWithOIDC, form: string): Promise<void> {
  ctx.type = 'html';
  ctx.body = page(
    'Sign out of Tessera?',
    `${form}<p>Do you also want to sign out of Tessera in this browser?</p>` +
      '<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button> ' +
      '<button type="submit" form="op.logoutForm">No, stay signed in</button>',
  );
}

export async function loggedOutPage(ctx: KoaContextWithOIDC): Promise<void> {
  ctx.type = 'html';
  ctx.body = page('You are signed out', '<p>You can close this page.</p>');
}
