/**
 * The single sign-on benchmark's OpenID provider (bench/sso.ts), in a process of its own so that its work (signing
 * id tokens, its token endpoint) does not share the measured server's event loop. Tells the parent its issuer and
 * client; `{ signInAs }` chooses the person the next interaction signs in (answered `signed-in-as`).
 */
import { startTestIdp, type IdpPerson } from '../../test/support/oidc-idp.js';

const idp = await startTestIdp(process.argv[2]!);
process.on('message', (message) => {
  const person = (message as { signInAs?: IdpPerson }).signInAs;
  if (person) {
    idp.signInAs(person);
    process.send?.('signed-in-as');
  }
});
process.on('disconnect', () => void idp.close().then(() => process.exit(0)));
process.send?.({ issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret });
