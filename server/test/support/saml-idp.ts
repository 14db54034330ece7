/**
 * A SAML 2.0 identity provider for the tests: samlify's IdentityProvider signing real assertions (RSA-SHA256, the
 * assertion signed as an SP asking for signed assertions gets it) with a key and self-signed certificate made here.
 * `respond` builds the response to a sign-in's AuthnRequest (its id is read from the redirect URL Tessera answered),
 * with every value overridable, so the attack cases are real signed responses that differ in one thing.
 */
import { inflateRawSync } from 'node:zlib';
import * as samlify from 'samlify';
import { generate } from 'selfsigned';

export interface SamlPerson {
  email: string;
  name?: string;
  groups?: string[];
}

/** The response's tags (samlify's template) that a test may change. */
export type ResponseOverrides = Partial<
  Record<
    | 'InResponseTo'
    | 'Audience'
    | 'SubjectRecipient'
    | 'Destination'
    | 'ConditionsNotOnOrAfter'
    | 'SubjectConfirmationDataNotOnOrAfter'
    | 'ConditionsNotBefore'
    | 'Issuer'
    | 'AssertionID',
    string
  >
>;

export interface TestSamlIdp {
  entityId: string;
  ssoUrl: string;
  certificate: string;
  /** The metadata XML to paste into Tessera's connection. */
  metadata: string;
  /**
   * The base64 SAMLResponse for `person`, answering the AuthnRequest in `authorizeUrl`, to the SP's ACS; `signAssertion`
   * false: the response is signed as a whole, its assertion is not (samlify's choice for an SP that does not want it).
   */
  respond(
    authorizeUrl: string,
    person: SamlPerson,
    sp: { entityId: string; acsUrl: string },
    overrides?: ResponseOverrides,
    options?: { signAssertion?: boolean },
  ): Promise<string>;
}

const ATTRIBUTES_MARK = 'ATTRIBUTE-STATEMENT-GOES-HERE';
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

/** The AuthnRequest's ID in a redirect-binding URL (deflated, base64). */
function authnRequestId(authorizeUrl: string): string {
  const request = new URL(authorizeUrl).searchParams.get('SAMLRequest') ?? '';
  const xml = inflateRawSync(Buffer.from(request, 'base64')).toString('utf8');
  return /\bID="([^"]+)"/.exec(xml)?.[1] ?? '';
}

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function attributeStatement(person: SamlPerson): string {
  const attribute = (name: string, values: string[]) =>
    `<saml:Attribute Name="${name}">${values.map((value) => `<saml:AttributeValue xsi:type="xs:string">${escapeXml(value)}</saml:AttributeValue>`).join('')}</saml:Attribute>`;
  const attributes = [attribute('email', [person.email])];
  if (person.name) attributes.push(attribute('displayName', [person.name]));
  if (person.groups?.length) attributes.push(attribute('groups', person.groups));
  return `<saml:AttributeStatement>${attributes.join('')}</saml:AttributeStatement>`;
}

export async function startTestSamlIdp(name = 'test-idp'): Promise<TestSamlIdp> {
  const pems = await generate([{ name: 'commonName', value: name }], { keySize: 2048, algorithm: 'sha256' });
  const entityId = `https://${name}.example/saml`;
  const ssoUrl = `http://127.0.0.1:9/${name}/sso`;
  const idp = samlify.IdentityProvider({
    entityID: entityId,
    privateKey: pems.private,
    signingCert: pems.cert,
    nameIDFormat: [EMAIL_FORMAT],
    singleSignOnService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: ssoUrl }],
  });
  const certificate = pems.cert.trim();
  return {
    entityId,
    ssoUrl,
    certificate,
    metadata: idp.getMetadata(),
    async respond(authorizeUrl, person, sp, overrides = {}, { signAssertion = true } = {}) {
      const target = samlify.ServiceProvider({
        entityID: sp.entityId,
        wantAssertionsSigned: signAssertion,
        assertionConsumerService: [{ Binding: samlify.Constants.namespace.binding.post, Location: sp.acsUrl }],
      });
      const now = new Date();
      const later = new Date(now.getTime() + 5 * 60 * 1000).toISOString();
      const tags = {
        ID: `_${crypto.randomUUID()}`,
        AssertionID: `_${crypto.randomUUID()}`,
        Destination: sp.acsUrl,
        Audience: sp.entityId,
        SubjectRecipient: sp.acsUrl,
        Issuer: entityId,
        IssueInstant: now.toISOString(),
        StatusCode: 'urn:oasis:names:tc:SAML:2.0:status:Success',
        ConditionsNotBefore: now.toISOString(),
        ConditionsNotOnOrAfter: later,
        SubjectConfirmationDataNotOnOrAfter: later,
        NameIDFormat: EMAIL_FORMAT,
        NameID: person.email,
        InResponseTo: authnRequestId(authorizeUrl),
        AuthnStatement: '',
        // samlify escapes every tag's value: the statement's XML goes in after (see customTagReplacement).
        AttributeStatement: ATTRIBUTES_MARK,
        ...overrides,
      };
      const built = await idp.createLoginResponse(
        target,
        {} as Parameters<typeof idp.createLoginResponse>[1],
        'post',
        { email: person.email },
        {
          customTagReplacement: (template: string) => ({
            id: tags.ID,
            context: samlify.SamlLib.replaceTagsByValue(template, tags).replace(ATTRIBUTES_MARK, attributeStatement(person)),
          }),
        },
      );
      return built.context;
    },
  };
}
