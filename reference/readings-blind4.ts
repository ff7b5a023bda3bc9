import type { Reading } from './reading.js';

/**
 * Conformant readings found by a fourth blind review (round 4): the timing of a real deployment, the
 * members and statuses replies only show by example, sessions and ssoTokens, history ties, and the
 * open sides of D41-D46. Each is guarded by `readings.has('blind4-...')`; the helpers live in
 * reference/blind4/. Grouped in reference/reading-groups.ts (groups blind4-a .. blind4-c).
 */
export const blind4Readings: readonly Reading[] = [
  // Timing, headers and reply shapes of a real deployment (group blind4-a)
  {
    name: 'blind4-cold-start', decision: 'interface.md (timing not shown; "Partners are advised to use a fault tolerant access strategy with a retry policy")',
    reads: 'the first request an instance serves takes 2.5 s longer (a cold start: JIT, connection pools, caches), every later one is served at once',
  },
  {
    name: 'blind4-token-slow', decision: 'interface.md Authentication ({auth_url} differs from {base_url}; timing not shown), interface.md Authentication 9 (clients may reuse a token)',
    reads: 'every token endpoint answer takes 400 ms (a separate identity provider that hashes the client secret), the partner operations none',
  },
  {
    name: 'blind4-trickled-body', decision: 'interface.md (transport beyond TLS not shown), RFC 9112 section 7.1',
    reads: 'every non-empty body is streamed chunked in three pieces with a 25 ms pause between them, as a service that flushes while it serialises over a slow link',
  },
  {
    name: 'blind4-correlation-id', decision: 'interface.md (response headers not shown; "All API activity is sanitized, recorded")',
    reads: 'every answer carries X-Correlation-ID: the request\'s X-Correlation-ID or X-Request-ID when one was sent, otherwise a new GUID',
  },
  {
    name: 'blind4-vary-cors', decision: 'interface.md (response headers not shown), RFC 9110 section 12.5.5',
    reads: 'every answer carries Vary: Origin, Access-Control-Request-Method, Access-Control-Request-Headers, as Spring\'s CORS filter writes it',
  },
  {
    name: 'blind4-amounts-with-fraction', decision: 'interface.md Transaction (amount, fee, ocrAmount, userEnteredAmount, loadAmount: Int; units not shown), RFC 8259 section 6',
    reads: 'the five amount members of a transaction are written with a zero fraction (1500.0), as Jackson writes a double column: the same integer value',
  },
  {
    name: 'blind4-nested-extra-members', decision: 'interface.md Card and Transaction tables (fields shown; other members not excluded)',
    reads: 'each card also carries cardStatus "Active" and isDefault false, each transaction currencyCode "USD", members the tables do not list',
  },
  {
    name: 'blind4-enroll-both-keys', decision: 'interface.md EnrollCustomer ("returns it as CustomerId (capitalised key)"), Customer table (customerId)',
    reads: 'EnrollCustomer answers {"CustomerId": <guid>, "customerId": <the same guid>}: the documented key and its camelCase twin',
  },
  {
    name: 'blind4-card-created-201', decision: 'interface.md AddOrUpdateCard, AddOrUpdateTokenizedCard (success status not shown), D44, RFC 9110 section 15.3.2',
    reads: 'an add-or-update that creates a card answers 201 Created with the same {cards} body; an update or an identical resubmission answers 200',
  },
  {
    name: 'blind4-auth-partner-201', decision: 'D3 (success carries a non-empty sessionId header; status not shown)',
    reads: 'AuthenticatePartner answers 201 Created (a session was created) with the sessionId header and {}',
  },
  {
    name: 'blind4-tls13-only', decision: 'interface.md Authentication 1 ("TLS 1.2 or later"), D26',
    reads: 'the service negotiates TLS 1.3 only: a TLS 1.2 (or older) handshake fails, as a front end with a TLS 1.3-only policy does',
  },
  // Inputs, state, sessions and history (group blind4-b)
  {
    name: 'blind4-duplicate-members-first-wins', decision: 'D42 (a member given twice: ignoring or refusing are both conformant)',
    reads: 'of a member named twice in one JSON object the first value counts, as a streaming binder that skips members it has already bound does',
  },
  {
    name: 'blind4-json-charset-utf8-only', decision: 'D43 (only charset=utf-8 is ruled on), RFC 8259 section 8.1 (JSON exchanged between systems is UTF-8)',
    reads: 'a JSON body whose Content-Type names a charset other than UTF-8 (or its subset US-ASCII) is 415 UNSUPPORTED_MEDIA_TYPE; utf-8 in any letter case, quoted or not, is served',
  },
  {
    name: 'blind4-writes-unordered', decision: 'D44 (the outcome is one that some serial order of the same requests gives)',
    reads: 'each write (POST other than AuthenticatePartner) waits 0-60 ms, chosen from its body, before it is applied atomically: concurrent writes complete in an order other than arrival',
  },
  {
    name: 'blind4-delete-unknown-400', decision: 'D30 (unknown cardId at DeleteCard: a 4xx with a JSON error body), D45 (how it is refused follows D30)',
    reads: 'DeleteCard of a cardId that names no card of the customer (never added, deleted, or another customer\'s) is a 400 validation problem naming the cardId key; nothing is removed',
  },
  {
    name: 'blind4-history-unknown-404', decision: 'D30 (an accountId that is not the customer\'s card, an unknown paging reference), D45',
    reads: 'an accountId that names no card of the customer, or a paging reference that names no transaction of the filtered history, is a 404 Problem NOT_FOUND',
  },
  {
    name: 'blind4-session-reused-per-device', decision: 'D3, interface.md Limits ("Lifetime of a sessionId: not shown")',
    reads: 'AuthenticatePartner for a deviceId that already has an open session of this client answers that session\'s sessionId again, with its OBO state and attributes: one session per device',
  },
  {
    name: 'blind4-sso-token-guid', decision: 'interface.md AuthenticateOBO (ssoToken: <string>, format not shown)',
    reads: 'the ssoToken is a fresh lower-case GUID (36 characters), not a 43-character random string',
  },
  {
    name: 'blind4-sso-token-reissued-until-used', decision: 'D18 (nothing about reuse), interface.md AuthenticateOBO ("the token is one-time use")',
    reads: 'a repeated AuthenticateOBO for the session\'s current customer answers the same ssoToken again as long as no AddSessionAttributes has used it; once used, a new one is issued',
  },
  {
    name: 'blind4-sso-token-short-lived', decision: 'interface.md Limits ("Lifetime ... of an ssoToken: not shown"), D19 (invalid SsoToken: 422 INVALID_INFORMATION)',
    reads: 'an ssoToken is accepted by AddSessionAttributes for 60 s after it was issued; later it is 422 INVALID_INFORMATION naming SsoToken',
  },
  {
    name: 'blind4-history-tied-pairs', decision: 'D21, D22 (newest first; the order of equal createdOn not shown)',
    reads: 'each card\'s transactions come in pairs deposited together: the older of a pair carries the newer one\'s createdOn (its later events moved with it), and ties are listed by transactionId descending',
  },
  {
    name: 'blind4-allow-list-gateway-403', decision: 'D25, D46 (a refusal from off the list; its body not shown)',
    reads: 'a request from outside the allow list is refused by the API gateway in front: 403 application/json {"message": "Forbidden"}, no Problem',
  },
  {
    name: 'blind4-cards-by-nickname', decision: 'interface.md GetRegisteredCards (order not shown)',
    reads: 'the card list is ordered by cardNickname (ties by cardId), as a list view sorted for display',
  },
  // Throttling and warm-up (group blind4-c)
  {
    name: 'blind4-rate-limit-429', decision: 'interface.md Limits ("Request rate limits: not shown"), RFC 6585 section 4, RFC 9110 section 10.2.3',
    reads: 'a source address gets 50 partner API requests per second: the 51st and later of one second are 429 Problem TOO_MANY_REQUESTS with Retry-After: 1; nothing is applied',
  },
  {
    name: 'blind4-warm-up-503', decision: 'interface.md ("Partners are advised to use a fault tolerant access strategy with a retry policy"), RFC 9110 section 15.6.4',
    reads: 'the first request an instance receives is 503 Problem SERVICE_UNAVAILABLE with Retry-After: 1 (still warming up behind its load balancer); every later one is served',
  },
];
