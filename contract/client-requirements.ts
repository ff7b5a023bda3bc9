import type { Requirement } from './requirements.js';

/**
 * What a partner's client must do, as the certification sandbox (certification/) grades it.
 * The interface asks it in two sentences ("the operator works with the partner's engineers so
 * that all known responses are handled"; "Partners are advised to use a fault tolerant access
 * strategy with a retry policy") and in its Authentication and Endpoints rules; each row names
 * the statement it rests on. Every failed row fails the certificate: a client that passes the
 * documented rules but not the advised ones is not ready for go-live either.
 */
export interface ClientRequirement extends Requirement {
  /** The interface statement (or decision) the row rests on. */
  readonly basis: string;
}

const row = (id: string, section: string, severity: Requirement['severity'], text: string, basis: string, decisions?: string[]): ClientRequirement =>
  ({ id, section, severity, text, basis, ...(decisions ? { decisions } : {}) });

export const clientRequirements: readonly ClientRequirement[] = [
  row('CLIENT-TOKEN-REUSE', 'Authentication', 'documented',
    'one access token serves consecutive calls; a new one is fetched only when the held one is close to expires_in or was refused',
    'Authentication 9: clients may reuse an access token and use expires_in to decide when to fetch a new one'),
  row('CLIENT-TOKEN-RENEW', 'Authentication', 'documented',
    'after a 401 for an invalid or expired token, a new token is fetched and the refused one is never presented again',
    'Authentication 8-9: a token lives expires_in seconds', ['D2']),
  row('CLIENT-SESSION-FIRST', 'AuthenticatePartner', 'documented',
    'AuthenticatePartner succeeds before any other partner call, and every other call carries the sessionId it returned',
    'AuthenticatePartner: it must precede all other partner calls', ['D4']),
  row('CLIENT-SESSION-DEVICE', 'Endpoints', 'documented',
    'every call of a session carries the deviceId that opened it',
    'Endpoints: deviceId must be the same as in AuthenticatePartner', ['D3', 'D4']),
  row('CLIENT-SESSION-RENEW', 'Endpoints', 'documented',
    'after a 401 for a session that is gone, a new session is opened and the lost sessionId is never sent again',
    'Endpoints: sessionId is required by all other partner operations', ['D4']),
  row('CLIENT-RETRY-TRANSIENT', 'Endpoints', 'documented',
    'a 503, a 429 or a reset connection on a call that is safe to repeat is retried',
    'What the service does: partners are advised to use a fault tolerant access strategy with a retry policy'),
  row('CLIENT-RETRY-AFTER', 'Endpoints', 'standard',
    'a retry after a 503 or 429 waits at least the Retry-After the answer carried',
    'RFC 9110 section 10.2.3 (Retry-After), RFC 6585 section 4 (429)'),
  row('CLIENT-RETRY-BACKOFF', 'Endpoints', 'documented',
    'retries after a reset connection back off: the k-th retry of one call waits at least the plan\'s minimum backoff times 2^(k-1)',
    'What the service does: a fault tolerant access strategy with a retry policy'),
  row('CLIENT-NO-BLIND-RETRY', 'EnrollCustomer', 'documented',
    'a call that is not safe to repeat (EnrollCustomer) is not resent at once after its answer was lost (reset, or given up on)',
    'EnrollCustomer: a second enrollment of the same SSN or e-mail is refused (D16); the client must find out first', ['D16']),
  row('CLIENT-NO-RETRY-4XX', 'Errors', 'documented',
    'a 400 or 422 answer is not resent unchanged: the same request would get the same refusal',
    'Errors: validation and business errors describe the request, not the moment', ['D15', 'D16']),
  row('CLIENT-API-VERSION', 'Versioning', 'documented',
    'every partner call names apiVersion (header or query string)',
    'Versioning: the version is selected by a header or a query string parameter; an omitted version is not shown', ['D5']),
  row('CLIENT-TLS', 'Authentication', 'documented', 'every connection uses TLS 1.2 or later',
    'Authentication 1: HTTPS only, TLS 1.2 or later', ['D26']),
  row('CLIENT-TOKEN-NOT-PAN', 'AddOrUpdateTokenizedCard', 'documented',
    'AddOrUpdateTokenizedCard never carries a full card number where the card token goes',
    'AddOrUpdateTokenizedCard: a token stands in for the card number'),
  row('CLIENT-RATE', 'Limits', 'unspecified',
    'the client stays within the plan\'s rate (requests in any one-second window)',
    'Limits: request rate limits are not shown; the operator sets the rate in the plan'),
];

/** Operations whose repetition is not harmless; the rest are safe to repeat (States: identical card data leaves the card unchanged). */
export const unsafeToRepeat: readonly string[] = ['EnrollCustomer'];

export function clientRequirement(id: string): ClientRequirement {
  const found = clientRequirements.find((r) => r.id === id);
  if (!found) throw new Error(`contract: unknown client requirement ${id}`);
  return found;
}
