import type { Reading } from './reading.js';

/**
 * Conformant readings found by a third blind review (round 3): the HTTP layer a real framework adds,
 * the token endpoint, binders, paging and error bodies, where interface.md or decisions.md leaves the
 * point open. Each is guarded by `readings.has('blind3-...')`; the helpers live in reference/blind3/.
 * Grouped in reference/reading-groups.ts (groups blind3-a .. blind3-c).
 */
export const blind3Readings: readonly Reading[] = [
  // HTTP layer: headers, connections, methods, paths and negotiation (group blind3-a)
  {
    name: 'blind3-cache-headers-spring', decision: 'interface.md (response headers not shown), RFC 6749 section 5.1 (token answers: Cache-Control no-store, Pragma no-cache)',
    reads: 'every answer, token endpoint included, carries Spring Security\'s cache headers: Cache-Control: no-cache, no-store, max-age=0, must-revalidate, Pragma: no-cache, Expires: 0',
  },
  {
    name: 'blind3-security-headers', decision: 'interface.md (response headers not shown)',
    reads: 'every answer carries the security headers a framework adds by default: Strict-Transport-Security, X-Content-Type-Options: nosniff, X-Frame-Options: DENY, X-XSS-Protection: 0, Referrer-Policy: no-referrer',
  },
  {
    name: 'blind3-server-banner', decision: 'interface.md (response headers not shown)',
    reads: 'every answer names its stack: Server: Kestrel and X-Powered-By: ASP.NET',
  },
  {
    name: 'blind3-etag-get', decision: 'interface.md (headers not shown), RFC 9110 sections 8.8.3 and 13.1.2',
    reads: 'a 200 answer to a GET operation carries a strong ETag of its body, as Spring\'s ShallowEtagHeaderFilter writes it ("0" + MD5); a request whose If-None-Match names it is answered 304 without a body',
  },
  {
    name: 'blind3-chunked', decision: 'interface.md (transport beyond TLS not shown), RFC 9112 section 7.1',
    reads: 'every body is streamed: Transfer-Encoding: chunked and no Content-Length, as a server that writes to the response stream does',
  },
  {
    name: 'blind3-options-allow', decision: 'D1 ("nothing about the method"), RFC 9110 section 9.3.7',
    reads: 'OPTIONS on a partner operation path (with a valid token) is 200 with an Allow header (POST, OPTIONS or GET, HEAD, OPTIONS) and no body, as Spring MVC answers it',
  },
  {
    name: 'blind3-no-head', decision: 'D1 ("nothing about the method")',
    reads: 'HEAD is not mapped for the GET operations: it is 405 with Allow: GET, as ASP.NET Core answers a route declared [HttpGet] only',
  },
  {
    name: 'blind3-trailing-slash', decision: 'interface.md Endpoints (path shape; a trailing slash not shown)',
    reads: 'a path with one trailing slash (/api/v1/partners/find-customer/) is served as the path without it, as ASP.NET Core routing does; instance keeps the path as sent',
  },
  {
    name: 'blind3-paths-any-case', decision: 'interface.md Endpoints (path shape; letter case of a path not shown)',
    reads: 'paths are matched case-insensitively (/API/V1/Partners/Find-Customer is FindCustomer), as ASP.NET Core routing does; instance keeps the path as sent',
  },
  {
    name: 'blind3-max-requests-per-connection', decision: 'interface.md (transport beyond TLS not shown), RFC 9112 section 9.6',
    reads: 'a connection serves five requests: the fifth answer carries Connection: close and the server closes it, as a proxy with a keep-alive request limit does',
  },
  {
    name: 'blind3-keep-alive-one-second', decision: 'interface.md (transport beyond TLS not shown; partners are advised to retry), RFC 9112 section 9.8',
    reads: 'an idle kept-alive connection is closed after one second (Keep-Alive: timeout=1), not after 72',
  },
  {
    name: 'blind3-rate-limit-headers', decision: 'interface.md Limits ("Request rate limits: not shown")',
    reads: 'every partner API answer carries X-RateLimit-Limit: 6000, X-RateLimit-Remaining and X-RateLimit-Reset of a one-minute window that no test run reaches; nothing is refused',
  },
  {
    name: 'blind3-affinity-cookie', decision: 'interface.md (headers not shown; sessions are carried by the sessionId header)',
    reads: 'every answer sets the ARRAffinity and ARRAffinitySameSite cookies of an Azure App Service front end; cookies sent back are ignored',
  },
  {
    name: 'blind3-not-acceptable-406', decision: 'D7, RFC 9110 section 12.5.1 (a server may answer 406 when no acceptable representation exists)',
    reads: 'a partner API request whose Accept header admits no JSON media type (text/html, text/plain) is 406 Not Acceptable with a Problem; an absent Accept, */*, application/* and any JSON type are served',
  },
  {
    name: 'blind3-missing-content-type-json', decision: 'D30 (a body that is not JSON: unspecified), D43',
    reads: 'a POST body sent without any Content-Type header is read as JSON, as a service whose binder assumes JSON does; a body with another Content-Type is still 415',
  },
  {
    name: 'blind3-media-types-bare', decision: 'D7 (a JSON media type), RFC 8259 section 11 (no charset parameter is defined for application/json)',
    reads: 'every JSON answer is typed without a parameter: application/json and application/problem+json with no charset, as Spring since 5.2 writes them, token endpoint included',
  },
  // Bodies: token answers, challenges, JSON writing and error bodies (group blind3-b)
  {
    name: 'blind3-token-keycloak-members', decision: 'interface.md Access token, RFC 6749 section 5.1 (the client must ignore unrecognized members)',
    reads: 'the token answer also carries refresh_expires_in: 0 and not-before-policy: 0, as Keycloak writes a client-credentials answer (no refresh_token)',
  },
  {
    name: 'blind3-token-scope-reordered', decision: 'D34, RFC 6749 section 3.3 (scope is a list of space-delimited, case-sensitive strings; the order does not matter)',
    reads: 'a token requested for several scopes lists them in the granted scope in reverse order; a single scope comes back as requested',
  },
  {
    name: 'blind3-bearer-error-description', decision: 'D27, RFC 6750 section 3 (error_description is optional)',
    reads: 'a 401 for a token that was sent but is no good carries WWW-Authenticate: Bearer error="invalid_token", error_description="The token is expired or its signature is invalid", as ASP.NET JwtBearer writes it',
  },
  {
    name: 'blind3-validation-entry-members', decision: 'interface.md Errors (validationErrors entries {key, message}), RFC 9457 section 3.2 (extension members)',
    reads: 'each validationErrors entry also carries the FluentValidation rule code and severity ({key, message, code: "MaximumLengthValidator", severity: "Error"}); the attempted value is never echoed',
  },
  {
    name: 'blind3-validation-sorted', decision: 'D14 (every invalid field named; the order of validationErrors is not shown)',
    reads: 'validationErrors is sorted by key, ordinal, as a framework that collects errors in a dictionary writes them',
  },
  {
    name: 'blind3-members-sorted', decision: 'interface.md (JSON objects; member order not shown), RFC 8259 section 4',
    reads: 'every JSON answer writes its members in alphabetical order (Jackson SORT_PROPERTIES_ALPHABETICALLY), token endpoint and Problems included',
  },
  {
    name: 'blind3-json-escaped', decision: 'interface.md (JSON bodies), RFC 8259 section 7 (any character may be escaped)',
    reads: 'JSON strings are written as System.Text.Json\'s default encoder writes them: non-ASCII characters and < > & \' + ` as \\uXXXX escapes',
  },
  {
    name: 'blind3-json-indented', decision: 'interface.md (JSON bodies; layout not shown), RFC 8259 section 2 (insignificant whitespace)',
    reads: 'every JSON answer is written indented, two spaces and "key" : value, as Jackson\'s INDENT_OUTPUT writes it',
  },
  {
    name: 'blind3-legacy-in-problem', decision: 'D15, D16 ("in this legacy shape or as a Problem with errorCode"), interface.md Errors',
    reads: 'a card authorization failure or a duplicate SSN/e-mail is one body in both shapes: a Problem (application/problem+json, errorCode) that also carries ErrorCode and ErrorMessage',
  },
  {
    name: 'blind3-json-comments-trailing-commas', decision: 'D30 (malformed JSON: unspecified), RFC 8259 section 9 ("A JSON parser MAY accept non-JSON forms or extensions")',
    reads: 'request bodies may hold // and /* */ comments and a trailing comma before } or ], as System.Text.Json with ReadCommentHandling.Skip and AllowTrailingCommas reads them',
  },
  {
    name: 'blind3-timestamps-trimmed-fraction', decision: 'interface.md Resources (ISO 8601 date-times in UTC)',
    reads: 'transaction timestamps are written as System.Text.Json writes a UTC DateTime: the fraction without trailing zeros (.25Z, .5Z) and none when whole seconds',
  },
  // Statuses and binders (group blind3-c)
  {
    name: 'blind3-done-202', decision: 'D6 ("2xx; a body, if any, is JSON")',
    reads: 'DeleteCard, AddCustomerAttributes and AddSessionAttributes answer 202 Accepted with {}; the change is made before the answer, as with 200',
  },
  {
    name: 'blind3-history-unknown-reference-400', decision: 'D30 (an accountId that is not the customer\'s card, an unknown paging reference: unspecified)',
    reads: 'an accountId that names no card of the customer, or a paging reference that names no transaction of the filtered history, is a 400 validation problem naming query.accountId or query.pagingTransactionReferenceNumber',
  },
  {
    name: 'blind3-unknown-customer-404', decision: 'interface.md Errors ("Complete list of error codes: not shown"), D30',
    reads: 'GetRegisteredCards and GetTransactionHistory with a customerId of no customer answer 404 Problem NOT_FOUND (type RFC 7231 section 6.5.4), as a REST controller answers a missing resource',
  },
  {
    name: 'blind3-page-size-lenient-int', decision: 'D23 (pageSize 1..10 honoured; its written form not shown), interface.md pageSize Int',
    reads: 'pageSize is parsed as Integer.parseInt and int.Parse do: a leading + sign and leading zeros are allowed ("+5", "05" are 5)',
  },
  {
    name: 'obo-linked-once-carded', decision: 'D17 (its column asserts "before any card" and "after a card was added" only)',
    reads: 'a customer is linked from its first registered card on, and stays linked after its cards are deleted (a flag on the customer, set once), so AuthenticateOBO after the last card was deleted still issues an ssoToken',
  },
  {
    name: 'blind3-session-missing-header-400', decision: 'D4 (a 4xx with a JSON error body)',
    reads: 'a missing sessionId or deviceId header is a 400 Problem MISSING_REQUEST_HEADER ("Required header \'sessionId\' is not present."), as Spring answers a missing @RequestHeader; an unknown or mismatched one is still 401',
  },
];
