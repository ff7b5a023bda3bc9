/** The OAuth 2.0 client-credentials token endpoint (interface.md "Authentication", RFC 6749). */

export const tokenContract = {
  contentType: 'application/x-www-form-urlencoded',
  grantType: 'client_credentials',
  expiresIn: 3600,
  tokenType: 'Bearer',
  /** Documented scopes, appended to {scope_base}. */
  documentedScopeSuffixes: ['/auth/deposit-underwriting', '/auth/insights/identity-score'],
  /** decisions.md default of TARGET_PARTNER_SCOPE, appended to {scope_base}. */
  partnerScopeSuffix: '/auth/check-cashing',
  responseMembers: ['access_token', 'expires_in', 'token_type', 'scope'],
  /** RFC 6749 section 5.2 error codes. */
  errorCodes: ['invalid_request', 'invalid_client', 'invalid_grant', 'unauthorized_client', 'unsupported_grant_type', 'invalid_scope'],
  /**
   * RFC 6749 section 5.2's ABNF (appendix A.7, A.8): `error` and `error_description` are 1*NQSCHAR
   * (%x20-21 / %x23-5B / %x5D-7E: printable ASCII less `"` and `\`), `error_uri` a URI-reference of
   * %x21 / %x23-5B / %x5D-7E (no space either). Written as JSON Schema patterns.
   */
  errorMemberPatterns: {
    error: '^[\\x20-\\x21\\x23-\\x5B\\x5D-\\x7E]+$',
    error_description: '^[\\x20-\\x21\\x23-\\x5B\\x5D-\\x7E]+$',
    error_uri: '^[\\x21\\x23-\\x5B\\x5D-\\x7E]+$',
  },
  section: 'Authentication',
} as const;

/** D24: what the reference answers for each failure, RFC 6749 section 5.2. */
export const tokenErrors = {
  wrongSecret: { status: 401, error: 'invalid_client' },
  missingGrantType: { status: 400, error: 'invalid_request' },
  missingScope: { status: 400, error: 'invalid_request' },
  otherGrantType: { status: 400, error: 'unsupported_grant_type' },
  unknownScope: { status: 400, error: 'invalid_scope' },
} as const;

export const minTlsVersion = 'TLSv1.2';

/** The operation name exchanges with the token endpoint carry, beside the eleven partner operations. */
export const tokenOperation = 'Token';
