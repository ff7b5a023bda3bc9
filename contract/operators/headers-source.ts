/**
 * Headers and source address (D25, D46, D4, D5): the allow list on every operation, however the
 * request is dressed, the session pairing of the two session headers, the version parameter's
 * place among the query parameters, and the letter case of every documented header's name.
 */
import type { Operator } from './types.js';

const owasp = (name: string) => ({ tool: 'OWASP API Security Top 10', name } as const);
const variable = 'TARGET_PROBE_SOURCE_ADDRESS';

/** Every operation cell: the allow list is the network's, not an operation's (D46). */
/** The two session headers of every operation that needs a session (D4). */
const sessionHeader = (c: { place: string; name: string }) => c.place === 'header' && (c.name === 'sessionId' || c.name === 'deviceId');

const everyOperation = (c: { place: string }) => c.place === 'operation';

export const headersSourceOperators: readonly Operator[] = [
  {
    id: 'off-list-source', family: 'headers-source',
    counterparts: [owasp('API2:2023 Broken Authentication')],
    sends: 'the operation\'s request from a source address off the allow list',
    appliesTo: everyOperation, asserts: () => 'refused-off-list', backing: ['D25', 'D46'], needs: variable,
  },
  {
    id: 'forwarded-allowed-address', family: 'headers-source',
    counterparts: [owasp('API2:2023 Broken Authentication'), { tool: 'CATS', name: 'BypassAuthenticationFuzzer' }],
    sends: 'the request from an address off the list with X-Forwarded-For, Forwarded, X-Real-IP, True-Client-IP and X-Client-IP naming an allowed address',
    appliesTo: everyOperation, asserts: () => 'refused-off-list', backing: ['D46'], needs: variable,
  },
  {
    id: 'version-before-parameter', family: 'headers-source',
    counterparts: [{ tool: 'Schemathesis', name: 'positive_data_acceptance' }],
    sends: 'the read with every query parameter set and apiVersion in the query string right before this one (first, or between the others; last is every other request\'s place), its answer compared with the same read\'s with apiVersion in the header',
    appliesTo: (c) => c.place === 'query', asserts: () => 'served-as-valid',
    backing: ['D5: both strategies accepted (documented)', 'interface.md Versioning: "The version is selected by a header or a query string parameter"'],
  },
  {
    id: 'session-header-empty', family: 'headers-source',
    counterparts: [owasp('API2:2023 Broken Authentication'), { tool: 'CATS', name: 'EmptyStringValuesInHeadersFuzzer' }],
    sends: 'the session header present but empty, the other one right (a check written `if (header != "" && header != session.x)` lets it through)',
    appliesTo: sessionHeader, asserts: () => 'rejected', backing: ['D4: missing or mismatched sessionId/deviceId headers are refused with a 4xx'],
  },
  {
    id: 'session-header-suffixed', family: 'headers-source',
    counterparts: [owasp('API2:2023 Broken Authentication'), { tool: 'CATS', name: 'TrailingSpacesInHeadersFuzzer' }],
    sends: 'the session\'s own sessionId or deviceId with characters after it (a lookup that reads a fixed width, or a prefix, takes it)',
    appliesTo: sessionHeader, asserts: () => 'rejected', backing: ['D4: an unknown sessionId, or a deviceId other than the session\'s, is refused with a 4xx'],
  },
  {
    id: 'session-header-truncated', family: 'headers-source',
    counterparts: [owasp('API2:2023 Broken Authentication')],
    sends: 'the first half of the session\'s own sessionId or deviceId (a lookup by prefix, LIKE \'value%\', takes it)',
    appliesTo: sessionHeader, asserts: () => 'rejected', backing: ['D4: an unknown sessionId, or a deviceId other than the session\'s, is refused with a 4xx'],
  },
  {
    // blind18: an ssoToken compared on the first 16 characters a column kept. The session headers' own near misses are the two above.
    id: 'issued-token-near-miss', family: 'headers-source',
    counterparts: [owasp('API2:2023 Broken Authentication')],
    sends: 'a value the target issued and the client sends back (the ssoToken; the sessionId) with one character changed at its end, and in its middle, and (the ssoToken) cut to its first half (a compare over a stored prefix or a fixed width takes them); the sessionId cut short is session-header-truncated',
    appliesTo: (c) => c.resource === 'sso-token' || (c.place === 'header' && c.name === 'sessionId'), asserts: () => 'rejected',
    backing: ['D19: an SsoToken the target did not issue is an invalid value, 422 INVALID_INFORMATION (documented)', 'D4: an unknown sessionId is refused with a 4xx'],
  },
  {
    // blind18: a route read deviceId from the raw header list with an ordinal name compare.
    id: 'header-name-case', family: 'headers-source',
    counterparts: [{ tool: 'Schemathesis', name: 'positive_data_acceptance' }],
    sends: 'a valid request with every header the document names for the operation spelt in lower case, and again in upper case; where one is refused, the same request with the names as documented, and then each name re-cased alone',
    appliesTo: (c) => c.place === 'header', asserts: () => 'served-as-valid',
    backing: ['RFC 9110 section 5.1: field names are case-insensitive', 'D2; D4; D5: the request is valid, whatever the letter case of its header names'],
  },
  {
    id: 'device-of-another-session', family: 'headers-source',
    counterparts: [owasp('API2:2023 Broken Authentication'), { tool: 'RESTler', name: 'NamespaceRule' }],
    sends: 'the sessionId of one open session with the deviceId another open session was opened with',
    appliesTo: (c) => c.place === 'header' && c.name === 'deviceId',
    asserts: () => 'rejected', backing: ['D4'],
  },
];
