/** A self-signed X.509 certificate (and an IdP's metadata) for the SAML fields of single sign-on connections. */
export const TEST_IDP_CERTIFICATE = `-----BEGIN CERTIFICATE-----
MIIDCTCCAfGgAwIBAgIUYaP7BpoW5joiKnF8TLuPMcrwRbAwDQYJKoZIhvcNAQEL
BQAwEzERMA8GA1UEAwwIdGVzdC1pZHAwIBcNMjYxMTI5MTkzOTU5WhgPMjEyNjEx
MDUxOTM5NTlaMBMxETAPBgNVBAMMCHRlc3QtaWRwMIIBIjANBgkqhkiG9w0BAQEF
AAOCAQ8AMIIBCgKCAQEAiyrAZVzjtKb1oZna/FsVhTtHBeGAOfG1dfIqmQ/ga/CZ
hE+ltsWNS+uHeZG+3pus/ul15roN6F7cdmd5UZkrhF1mcyctNh4IsiQAvQ1Z1fcj
kmtUBFWF/YF5WdlTZ6tdnTmOjp4Xp5y0J/1ofDO3UBjtCs8wp2YuwQJC2U2n3bxM
gnuGH3CVa7+M25CDOHXjornBMDaB0MXOWwcYJbCpTMgOxmYVCaIrgX1Yhx65xlrm
EMdvTZ2LqsnSzTbjMwOpvvQrHSk+Z6HhZI3bt8SslWYmX0mqicZPfngjQrJ54Vqa
I/Zy8TkhBSHkR3CsblCX6X8UTzJD/ZmyBBCFhUCqrQIDAQABo1MwUTAdBgNVHQ4E
FgQUzFA676RBl52xYJEKpIyd87oW/ugwHwYDVR0jBBgwFoAUzFA676RBl52xYJEK
pIyd87oW/ugwDwYDVR0TAQH/BAUwAwEB/zANBgkqhkiG9w0BAQsFAAOCAQEAhTi0
YgbugyOXS5nq+6Y6szczKTWa2LS/k7ce4Hy7oqiVjNZMEYVH55ZSsW5woE8GEbCa
0e8Q2Xo5v7BJKtnNu74PYdQvVuj+3b5XXhoMjKUPPfh9cfN72RNdqjOfw+/i9B2U
J7Q3qapoPHnxGdoXZfPBvhn/frqTCOFySOEQXJo49U1U8W8piw8PgmBYa/SdG52v
uJGvhQN9oHUjBad3lz12oO7vnRuLLdLiqiSi82Mo2hnScwQ8nHsVWY/4t7tG8QEG
p9v8vgQss+7uaqO8ChCWzeK/vRjezRYAKy3LTk6RachGtKjNBcpSRXSTrGYiG1KB
gSREAQQva3dEy9Nzdg==
-----END CERTIFICATE-----`;

/** The metadata XML an IdP publishes, with the certificate's base64 body. */
export function idpMetadata(entityId: string, ssoUrl: string, certificate = TEST_IDP_CERTIFICATE): string {
  const body = certificate.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, '');
  return `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${entityId}">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${body}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${ssoUrl}/post"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${ssoUrl}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;
}
