import type { Fault } from './types.js';

/**
 * Faults of the reference core: token endpoint, bearer check, allow list, versioning, TLS and
 * the problem writers of reference/problems.ts.
 */
export const accessFaults: readonly Fault[] = [
  { name: 'token-wrong-expires-in', requirement: 'TOKEN-SHAPE', breaks: 'the token response reports expires_in twice the documented lifetime' },
  { name: 'token-scope-empty', requirement: 'TOKEN-SHAPE', breaks: 'the token response grants an empty scope string' },
  { name: 'token-basic-refused', requirement: 'TOKEN-ISSUED', breaks: 'client credentials sent by the Basic header are rejected with 401 invalid_client' },
  { name: 'token-error-not-rfc', requirement: 'TOKEN-ERRORS', breaks: 'token errors are sent as {message} without an RFC 6749 error member' },
  { name: 'token-empty-scope-defaulted', requirement: 'TOKEN-ERRORS', breaks: 'a scope parameter sent empty is read as the default (partner) scope and a token is issued, although RFC 6749 §3.1 treats it as omitted (invalid_request)' },
  { name: 'token-repeated-secret-last-wins', requirement: 'TOKEN-ERRORS', breaks: 'a client_secret given twice in the form is read with its last value and a token is issued, instead of invalid_request (RFC 6749 §3.1, §5.2)' },
  { name: 'bearer-not-required', requirement: 'BEARER-REQUIRED', breaks: 'a partner call without an Authorization header is accepted' },
  { name: 'bearer-signature-unchecked', requirement: 'BEARER-REQUIRED', breaks: 'a bearer token with a forged signature is accepted' },
  { name: 'bearer-claims-unverified', requirement: 'BEARER-REQUIRED', breaks: 'a token carrying a signature the server issued is accepted whatever claims it now carries' },
  { name: 'token-secret-last-char-ignored', requirement: 'TOKEN-ERRORS', breaks: 'the client secret is compared without its last character, so a secret differing only there gets a token' },
  { name: 'token-cacheable', requirement: 'TOKEN-NO-STORE', breaks: 'token responses carry Cache-Control: max-age=300 instead of no-store' },
  { name: 'token-error-quotes-secret', requirement: 'NO-SECRET-ECHO', breaks: 'token errors after client authentication quote the client secret in error_description' },
  { name: 'bearer-expiry-unchecked', requirement: 'BEARER-REQUIRED', breaks: 'an expired bearer token is accepted' },
  { name: 'bearer-expiry-unchecked-on-tokenized-card', requirement: 'BEARER-REQUIRED', breaks: 'AddOrUpdateTokenizedCard alone accepts an expired bearer token (its route\'s token check skips the lifetime), while every other operation refuses it' },
  { name: 'no-www-authenticate', requirement: 'BEARER-WWW-AUTHENTICATE', breaks: '401 responses carry no WWW-Authenticate header' },
  { name: 'allow-list-open', requirement: 'ALLOW-LIST', breaks: 'calls from addresses off the allow list are served' },
  { name: 'allow-list-trusts-forwarded', requirement: 'ALLOW-LIST', breaks: 'the source address is read from X-Forwarded-For or Forwarded, so a call off the list naming an allowed address there is served' },
  { name: 'allow-list-skipped-on-get', requirement: 'ALLOW-LIST', breaks: 'the allow list is enforced on POST operations only: GET operations are served to any address' },
  { name: 'bearer-empty-signature-accepted', requirement: 'BEARER-REQUIRED', breaks: 'a bearer token whose signature part is empty (header.payload.) is accepted with its claims' },
  { name: 'bearer-client-secret-on-reads', requirement: 'BEARER-REQUIRED', breaks: 'the read operations (GET) verify an HS256 bearer token with the secret of the client its sub names, so a client can mint its own tokens' },
  { name: 'bearer-embedded-key-trusted', requirement: 'BEARER-REQUIRED', breaks: 'a bearer token is verified with the symmetric key its own header names (jwk), so any key signs a valid token' },
  { name: 'token-single-use', requirement: 'TOKEN-REUSE', breaks: 'a bearer token is accepted on one partner call only; the next call with it is refused with 401' },
  { name: 'version-header-ignored', requirement: 'VERSION-HEADER', breaks: 'the apiVersion header is not recognised and a call selecting version 1 by header is answered 400' },
  { name: 'version-query-first-only', requirement: 'VERSION-QUERY', breaks: 'the apiVersion query parameter is recognised only as the first of the query string; after another parameter it is refused with 400' },
  { name: 'version-query-refused-tokenized', requirement: 'VERSION-QUERY', breaks: 'AddOrUpdateTokenizedCard alone does not recognise the apiVersion query parameter and answers ?apiVersion=1 with 400 (its route was added after the version filter)' },
  { name: 'version-query-ignored', requirement: 'VERSION-QUERY', breaks: 'the apiVersion query parameter is not recognised and ?apiVersion=1 is answered 400' },
  { name: 'tls-allows-legacy', requirement: 'TLS-MINIMUM', breaks: 'TLS 1.0 and 1.1 handshakes succeed' },
  { name: 'problem-plain-text', requirement: 'GEN-JSON-BODY', breaks: 'error bodies are sent with the media type text/plain' },
  { name: 'problem-status-mismatch', requirement: 'ERR-STATUS-MEMBER', breaks: 'the status member of error bodies differs from the HTTP status' },
  { name: 'problem-instance-wrong', requirement: 'ERR-INSTANCE', breaks: 'the instance member of error bodies is "/" instead of the request path' },
  { name: 'problem-type-wrong-rfc', requirement: 'ERR-TYPE-URL', breaks: 'the type URL of 400 errors names RFC 7231 section 6.5.4 instead of 6.5.1' },
  { name: 'problem-missing-detail', requirement: 'ERR-PROBLEM-SHAPE', breaks: 'Problem bodies lack the detail member' },
  { name: 'validation-missing-list', requirement: 'ERR-VALIDATION-SHAPE', breaks: 'validation problems lack the validationErrors member' },
  { name: 'validation-wrong-status', requirement: 'ERR-VALIDATION', breaks: 'validation problems are sent with status 422 instead of 400' },
  { name: 'key-wrong-prefix', requirement: 'ERR-KEY-PREFIX', breaks: 'validation keys of body fields start with body. instead of command.' },
];
