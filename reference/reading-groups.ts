/**
 * Readings that can be on together in one reference, grouped so that every reading of
 * reference/readings.ts is on in exactly one group. The readings self-test and the seed sweep
 * (bin/sweep.ts) both run one conformance run per group, so a new reading is added here once.
 * Two readings of the same decision (session-refused-403 and -400) go to different groups.
 * @see test/suites/readings.run.test.ts, bin/sweep.ts
 */
export interface ReadingGroup {
  /** kebab-case, used in report directory names (reports/sweep/<seed>-<name>/). */
  readonly name: string;
  readonly readings: readonly string[];
  /** Observed-behaviour notes the report must carry: requirement id → text naming the reading. */
  readonly observed?: Readonly<Record<string, RegExp>>;
  /**
   * Rows a reading makes unrunnable: they must be not-covered, or partly checked where a part
   * needs nothing the reading takes away (an empty history page's shape), never passed or failed;
   * the run ends with exit 4 (documented requirements left unchecked) for exactly these rows.
   */
  readonly notCovered?: readonly string[];
}

export const readingGroups: readonly ReadingGroup[] = [
  {
    name: 'alternatives-a',
    readings: [
      'find-empty-customer-id', 'session-refused-403', 'success-no-content', 'media-types-plain', 'decline-problem',
      'duplicate-problem-codes', 'sattr-missing-token-400', 'cattr-unknown-customer-ok', 'paging-plus-one', 'page-size-zero-rejected',
      'www-authenticate-realm', 'delete-unknown-404', 'invalid-json-other-code', 'version-required', 'problem-type-alt-urls',
      'detail-without-code', 'extra-members', 'upper-case-guids', 'dob-year-first-only', 'allow-texts-boolean-only', 'keys-camel-case',
      'keys-several-per-field', 'token-missing-scope-invalid-scope', 'allow-list-close', 'sso-token-single-use', 'cards-newest-first',
      'hash-id-filled', 'non-json-400', 'created-201', 'timestamps-whole-seconds', 'token-accepts-json',
      'card-art-png', 'card-address-any-characters', 'history-cash-pickups', 'true-false-exact-case',
    ],
    observed: {
      'FIND-NOT-FOUND': /empty customerId/, 'HISTORY-PAGING': /pageSize \+ 1/,
      'VERSION-HEADER': /omitted: 400/, 'ERR-CUSTOMER-NOT-FOUND': /no customer answers 204/,
      'TOKEN-FORM-ONLY': /JSON body answers 200 with a token/,
      'CATTR-CUSTOMER-ATTRIBUTES-FORMAT': /format-(lower|upper)-case \(D38\): refused with 400 naming it/,
    },
  },
  {
    name: 'alternatives-b',
    readings: [
      'session-refused-400', 'success-body-echo', 'cattr-missing-required-422', 'history-unknown-reference-422',
      'auth-partner-no-content', 'sparse-card-after-upsert', 'timestamps-offset-zero', 'dob-short-forms', 'card-lengths-described',
      'keys-pascal-case', 'empty-optional-rejected', 'token-body-client-400', 'tcard-new-token-same-card', 'sso-token-any-issued',
      'history-total-unfiltered', 'tokenized-stars', 'decline-400-legacy', 'duplicate-409-legacy', 'token-scope-other',
      'timestamps-null-pending', 'gender-any-case', 'email-at-only', 'preferred-email-any-text', 'delete-foreign-card-noop',
      'token-form-charset-refused',
    ],
    observed: {
      'FIND-NOT-FOUND': /CUSTOMER_NOT_FOUND/, 'HISTORY-PAGING': /holds pageSize transactions/,
      'TOKEN-FORM-ONLY': /^(?=[\s\S]*JSON body answers 400 with invalid_request)(?=[\s\S]*charset=UTF-8 answers 400 with invalid_request)/,
      'ENROLL-GENDER-FORMAT': /format-lower-case \(D38\): accepted/,
    },
  },
  {
    // D37: valid payloads refused with codes of the target's own are observed, never failed; setup tries other ones.
    name: 'business-refusals',
    readings: ['decline-own-code', 'refuse-some-enrolments', 'card-number-one-customer', 'card-token-one-customer'],
    observed: { 'GEN-VALID-ACCEPTED': /refused .* with 422 (ISSUER_DECLINED|SSN_IN_USE_ELSEWHERE|CARD_HELD_ELSEWHERE)/ },
  },
  {
    name: 'history-none',
    readings: ['history-none'],
    notCovered: ['HISTORY-ORDER', 'HISTORY-PAGE-SIZE', 'HISTORY-PAGING', 'HISTORY-ACCOUNT-FILTER', 'HISTORY-TOTAL', 'HISTORY-SHAPE'],
  },
  // D41-D43: the other allowed sides of whitespace around free text, unknown members and the byte order mark.
  {
    name: 'inputs-lenient', readings: ['free-text-trimmed', 'byte-order-mark-accepted', 'repeated-query-first-wins'],
    observed: { 'ERR-VALIDATION': /DeleteCard body byte-order-mark \(D43\): accepted/, 'ENROLL-LAST-NAME-LENGTH': /LastName leading-whitespace \(D41\): accepted/ },
  },
  {
    name: 'inputs-strict', readings: ['free-text-whitespace-refused', 'unknown-members-refused', 'numbers-within-int32'],
    observed: {
      'ERR-VALIDATION': /DeleteCard conformanceProbe unknown-member \(D42\): refused with 400 naming it/,
      'ENROLL-LAST-NAME-LENGTH': /LastName leading-whitespace \(D41\): refused with 400 naming it/,
    },
  },
  // Blind review (reference/readings-blind.ts): one group per theme; readings of one point are in different groups.
  {
    // Error shapes and wording.
    name: 'blind-a',
    readings: [
      'blind-type-rfc9110-undocumented', 'blind-legacy-numeric-codes', 'blind-success-error-code-zero', 'blind-errors-object-filled',
      'blind-validation-messages-reworded', 'blind-problem-detail-wording', 'blind-unknown-customer-422',
    ],
  },
  {
    // Input strictness and leniency.
    name: 'blind-b',
    readings: [
      'blind-ssn-structure', 'blind-card-number-luhn', 'blind-dates-calendar-checked', 'blind-unknown-members-rejected',
      'blind-trim-free-text', 'blind-allow-texts-lenient',
    ],
  },
  {
    // Business rules and state.
    name: 'blind-c',
    readings: [
      'blind-expired-card-declined', 'blind-enroll-adults-only', 'blind-email-exact-duplicates', 'blind-delete-idempotent',
      'blind-cards-by-id-order', 'blind-history-keeps-deleted-cards', 'blind-timestamps-seven-digits', 'blind-session-id-opaque',
    ],
  },
  {
    // Token, scope, apiVersion and the errors the Errors table does not list.
    name: 'blind-d',
    readings: ['blind-insufficient-scope-403', 'blind-version-aspnet', 'blind-token-at-jwt', 'blind-unlisted-errors-legacy'],
  },
  // Second blind review (reference/readings-blind2.ts): one group per theme; readings of one point are in different groups.
  {
    // Answers, media types and transport.
    name: 'blind2-a',
    readings: [
      'blind2-method-not-allowed-405', 'blind2-done-200-empty', 'blind2-token-errors-spring', 'blind2-gzip',
      'blind2-connection-close', 'blind2-card-program-filled', 'blind2-sso-token-jwt', 'blind2-history-declines', 'blind2-timestamps-min-value',
    ],
  },
  {
    // Inputs: what is read, refused or parsed otherwise.
    name: 'blind2-b',
    readings: [
      'blind2-email-alias-ignored', 'blind2-null-refused', 'blind2-free-text-latin1', 'blind2-body-not-object', 'blind2-duplicate-members-refused',
      'blind2-json-media-types-wide', 'blind2-page-size-whitespace', 'blind2-amount-five-digits', 'blind2-email-strict', 'blind2-decimal-lenient',
    ],
  },
  {
    // Business rules, scope and access (blind2-delete-returns-cards is here, away from blind2-done-200-empty: both answer DeleteCard).
    name: 'blind2-c',
    readings: [
      'blind2-token-clock-skew', 'blind2-version-ignored', 'blind2-token-scope-client-wide', 'blind2-delete-returns-cards', 'blind2-page-size-zero-empty',
      'blind2-cattr-ssn-must-match', 'blind2-enroll-ofac', 'blind2-tcard-bin-network', 'blind2-foreign-card-403',
    ],
  },
  // Third blind review (reference/readings-blind3.ts): one group per theme; readings of one point are in different groups.
  {
    // The HTTP layer: answer headers, methods, paths, negotiation and body framing.
    name: 'blind3-a',
    readings: [
      'blind3-cache-headers-spring', 'blind3-security-headers', 'blind3-server-banner', 'blind3-etag-get', 'blind3-chunked',
      'blind3-options-allow', 'blind3-no-head', 'blind3-trailing-slash', 'blind3-paths-any-case', 'blind3-rate-limit-headers',
      'blind3-affinity-cookie', 'blind3-not-acceptable-406', 'blind3-missing-content-type-json', 'blind3-media-types-bare',
    ],
  },
  {
    // Bodies: token answers, challenges, how JSON is written and read, error bodies.
    name: 'blind3-b',
    readings: [
      'blind3-token-keycloak-members', 'blind3-token-scope-reordered', 'blind3-bearer-error-description', 'blind3-validation-entry-members',
      'blind3-validation-sorted', 'blind3-members-sorted', 'blind3-json-escaped', 'blind3-json-indented', 'blind3-legacy-in-problem',
      'blind3-json-comments-trailing-commas', 'blind3-timestamps-trimmed-fraction',
    ],
  },
  {
    // Statuses the rows leave open and binders.
    name: 'blind3-c',
    readings: [
      'blind3-done-202', 'blind3-history-unknown-reference-400', 'blind3-unknown-customer-404', 'blind3-page-size-lenient-int',
      'blind3-session-missing-header-400', 'obo-linked-once-carded',
    ],
  },
  {
    // Connections the server ends: on their own, so a run that trips on them names them alone.
    name: 'blind3-d',
    readings: ['blind3-max-requests-per-connection', 'blind3-keep-alive-one-second'],
  },
  // Fourth blind review (reference/readings-blind4.ts): one group per theme; readings of one point are in different groups.
  {
    // Timing, headers, statuses and reply members of a real deployment.
    name: 'blind4-a',
    readings: [
      'blind4-cold-start', 'blind4-token-slow', 'blind4-trickled-body', 'blind4-correlation-id', 'blind4-vary-cors',
      'blind4-amounts-with-fraction', 'blind4-nested-extra-members', 'blind4-enroll-both-keys', 'blind4-card-created-201',
      'blind4-auth-partner-201', 'blind4-tls13-only',
    ],
  },
  {
    // Inputs (D42-D44), unknown and foreign resources (D30, D45), sessions and ssoTokens, history ties, the allow list's refusal.
    name: 'blind4-b',
    readings: [
      'blind4-duplicate-members-first-wins', 'blind4-json-charset-utf8-only', 'blind4-writes-unordered', 'blind4-delete-unknown-400',
      'blind4-history-unknown-404', 'blind4-session-reused-per-device', 'blind4-sso-token-guid', 'blind4-sso-token-reissued-until-used',
      'blind4-sso-token-short-lived', 'blind4-history-tied-pairs', 'blind4-allow-list-gateway-403', 'blind4-cards-by-nickname',
    ],
  },
  {
    // Throttling and warm-up: answers a retry policy must absorb, on their own so a run that trips on them names them alone.
    name: 'blind4-c',
    readings: ['blind4-rate-limit-429', 'blind4-warm-up-503'],
  },
  // Fifth blind review (reference/readings-blind5.ts): one group per theme.
  {
    // Headers, 1xx, token answer, success and error bodies of a real deployment.
    name: 'blind5-a',
    readings: [
      'blind5-request-id', 'blind5-session-id-echoed', 'blind5-early-hints-103', 'blind5-cors-open', 'blind5-json-trailing-newline',
      'blind5-token-type-lower', 'blind5-attributes-accepted', 'blind5-delete-answers-card', 'blind5-auth-partner-session-body',
      'blind5-hash-id-listed-empty', 'blind5-problem-spring-members', 'blind5-problem-extensions-object', 'blind5-legacy-envelope', 'blind5-decline-402',
    ],
  },
  {
    // Binders: member-name case, unknown query parameters, repeated attribute names (D42, D19, D20).
    name: 'blind5-b',
    readings: ['blind5-members-any-case', 'blind5-unknown-query-refused', 'blind5-attr-duplicate-name-refused', 'blind5-attr-element-members-refused'],
  },
  {
    // Connections the server ends: on their own, so a run that trips on them names them alone.
    name: 'blind5-c',
    readings: ['blind5-idle-close-quiet', 'blind5-errors-close-chunked'],
  },
];
