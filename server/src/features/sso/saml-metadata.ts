/**
 * The SAML fields of a connection (its sign-in flow is not served yet): an IdP's metadata XML is read, with a parser
 * that expands no entities and fetches nothing (fast-xml-parser), into its entity id, its single sign-on URL
 * (HTTP-Redirect, else HTTP-POST binding) and its signing certificate; a certificate must parse as X.509.
 */
import { X509Certificate } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

export interface IdpFields {
  entityId: string;
  ssoUrl: string;
  certificate: string;
}

const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const POST_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  processEntities: false,
  isArray: (name) => ['EntityDescriptor', 'IDPSSODescriptor', 'SingleSignOnService', 'KeyDescriptor', 'X509Certificate'].includes(name),
});

type Node = Record<string, unknown>;

function children(node: unknown, name: string): Node[] {
  const value = (node as Node | undefined)?.[name];
  return Array.isArray(value) ? (value as Node[]) : [];
}

function textOf(node: unknown): string {
  if (typeof node === 'string') return node;
  if (typeof node === 'object' && node !== null && '#text' in node) return String((node as Node)['#text']);
  return '';
}

/** The certificate as PEM, or undefined when it is not an X.509 certificate (PEM or bare base64 DER). */
export function certificatePem(text: string): string | undefined {
  const body = text
    .replace(/-----(BEGIN|END) CERTIFICATE-----/g, '')
    .replace(/\s+/g, '')
    .trim();
  if (!/^[A-Za-z0-9+/]+=*$/.test(body)) return undefined;
  try {
    const certificate = new X509Certificate(Buffer.from(body, 'base64'));
    return certificate.toString().trim();
  } catch {
    return undefined;
  }
}

/** The metadata's IdP fields, or why they cannot be read. */
export function readIdpMetadata(xml: string): IdpFields | { problem: string } {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return { problem: 'a document type declaration is not allowed.' };
  const valid = XMLValidator.validate(xml);
  if (valid !== true) return { problem: `${valid.err.msg} (line ${valid.err.line}).` };
  const document = parser.parse(xml) as Node;
  const entities = [...children(document, 'EntityDescriptor'), ...children(document.EntitiesDescriptor, 'EntityDescriptor')];
  const entity = entities.find((candidate) => children(candidate, 'IDPSSODescriptor').length > 0);
  if (!entity) return { problem: 'it has no IDPSSODescriptor.' };
  const entityId = String(entity['@entityID'] ?? '').trim();
  if (!entityId) return { problem: 'the entity has no entityID.' };
  const idp = children(entity, 'IDPSSODescriptor')[0]!;
  const services = children(idp, 'SingleSignOnService');
  const service = services.find((s) => s['@Binding'] === REDIRECT_BINDING) ?? services.find((s) => s['@Binding'] === POST_BINDING);
  const ssoUrl = String(service?.['@Location'] ?? '').trim();
  if (!ssoUrl) return { problem: 'it has no SingleSignOnService with the HTTP-Redirect or HTTP-POST binding.' };
  const keys = children(idp, 'KeyDescriptor').filter((key) => key['@use'] === undefined || key['@use'] === 'signing');
  const certificateText = keys.flatMap((key) => children((key.KeyInfo as Node | undefined)?.X509Data, 'X509Certificate')).map(textOf)[0];
  if (!certificateText) return { problem: 'it has no signing certificate.' };
  const certificate = certificatePem(certificateText);
  if (!certificate) return { problem: 'its signing certificate is not a valid X.509 certificate.' };
  return { entityId, ssoUrl, certificate };
}
