/**
 * Every fault of the reference's catalogue, by whether an oracle can see it in the exchanges alone:
 * `true` where the audit of a run's recorded traffic fails the fault's requirement as the run
 * does, else why it cannot (what only the run knows). test/audit/proof.run.test.ts keeps this list in
 * step with the catalogue and proves a fault of every kind below on recorded runs.
 */
export const auditSees: Readonly<Record<string, true | string>> = {
  // token endpoint and bearer
  'token-wrong-expires-in': true, 'token-scope-empty': true, 'token-error-not-rfc': true, 'token-single-use': true,
  'bearer-not-required': true, 'bearer-expiry-unchecked': true, 'no-www-authenticate': true,
  'token-basic-refused': 'whether a refused token request carried valid credentials is not in the recording',
  'token-empty-scope-defaulted': 'a token issued for an empty scope is judged by the run that sent it as an error case, not from traffic',
  'token-repeated-secret-last-wins': 'whether a refused token request carried valid credentials is not in the recording',
  'bearer-signature-unchecked': 'a forged signature looks like any other without the issuer\'s key',
  'allow-list-open': 'needs a request from an address off the allow list',
  'tls-allows-legacy': 'needs a TLS 1.0/1.1 handshake',
  'version-header-ignored': 'needs a request known to be served otherwise (the audit sees a valid payload refused: GEN-VALID-ACCEPTED)',
  'version-query-first-only': 'needs a request known to be served otherwise (the audit sees a valid payload refused: GEN-VALID-ACCEPTED)',
  'version-query-ignored': 'needs a request known to be served otherwise (the audit sees a valid payload refused: GEN-VALID-ACCEPTED)',
  // error bodies and Problem members
  'problem-plain-text': true, 'problem-status-mismatch': true, 'problem-instance-wrong': true, 'problem-type-wrong-rfc': true,
  'problem-missing-detail': true, 'validation-missing-list': true, 'validation-wrong-status': true, 'key-wrong-prefix': true,
  'validation-400-with-error-code': true, 'bearer-401-plain-text': true, 'find-wrong-title': true, 'auth-denied-wrong-code': true,
  'invalid-json-500': true, 'invalid-json-plain-text-400': true, 'non-json-500': true, 'delete-unknown-500': true, 'server-error-on-null': true,
  'history-unknown-reference-500': true, 'history-unknown-reference-plain-text': true,
  // success bodies and resources
  'enroll-customer-id-not-guid': true, 'enroll-customer-id-lowercase': true, 'find-customer-id-not-guid': true, 'obo-sso-token-empty': true,
  'auth-session-header-missing': true, 'cards-bad-expiration-format': true, 'card-art-not-base64': true, 'cards-stars-for-number-card': true,
  'history-timestamp-offset': true, 'history-oldest-first': true, 'history-page-size-ignored': true, 'history-reference-page-two-over': true, 'leak-ssn-echo': true, 'leak-card-number': true,
  // field rules
  'find-ssn-length-unchecked': true, 'enroll-zip-format-unchecked': true, 'card-number-max-off-by-one': true, 'pagesize-unbounded': true,
  'cattr-value-format-unchecked': true, 'enroll-title-max-off-by-one': true, 'keys-first-only': true, 'keys-blame-valid': true,
  'cattr-value-length-unchecked': true, 'cattr-value-max-off-by-one': true, 'empty-min-zero-rejected': true, 'mmddyyyy-slashes-accepted': true,
  'mmddyyyy-day-unchecked': true, 'mmddyyyy-short-year-accepted': true, 'true-false-digits-accepted': true, 'email-local-part-optional': true,
  'email-domain-optional': true, 'state-code-unchecked': true, 'cattr-refused-own-code': true,
  'true-false-first-letter': true, 'email-two-at-accepted': true, 'cattr-ssn-attribute-optional': true, 'cattr-customer-id-attribute-optional': true,
  'token-error-quotes-secret': true,
  'sattr-filter-any-item': 'which cards a customer holds is known to the audit only where the traffic added them; judged by the run', 'amount-separators-stripped': true, 'count-sign-accepted': true,
  'find-ssn-separators-stripped': true, 'enroll-phone-country-code-dropped': true, 'guid-dashes-optional': true, 'text-apostrophe-500': true, 'number-overflow-500': true,
  'find-dob-compared-as-text': 'needs to know two requests name the same day in two forms of one enrolment (the business suite sends them)', 'token-cacheable': true,
  'token-secret-last-char-ignored': 'whether a refused token request carried valid credentials is not in the recording', 'sattr-detail-names-position': true,
  'find-ssn-only': 'needs to know the date of birth sent differs from the one the SSN was enrolled with (FIND-EVERY-KEY is the run\'s scenario)',
  'bearer-claims-unverified': 'a token forged under an issued signature looks like any other without the issuer\'s key',
  // sessions and session attributes
  'session-not-required': true, 'session-device-ignored': true, 'device-id-not-required': true, 'session-id-empty-device-lookup': true, 'device-id-prefix-match': true,
  'sattr-before-obo-accepted': true, 'sattr-token-any-session': 'which session was issued a token is not in the recording', 'sattr-wrong-token-400': true, 'sattr-missing-token-accepted': true, 'sattr-unknown-name-accepted': true,
  'sattr-account-filter-unchecked': true, 'sattr-number-filter-unchecked': true, 'sattr-own-number-refused': true,
  'sattr-both-filters-accepted': true, 'sattr-foreign-card-accepted': true,
  // business outcomes and state
  'enroll-duplicate-ssn-accepted': true, 'find-enrolled-missing': true, 'find-no-match-not-found': true, 'obo-no-linked-check': true,
  'obo-tokenized-not-linked': true, 'cattr-cardless-customer-refused': true, 'card-update-new-id': true, 'card-update-not-stored': true,
  'card-update-keeps-nickname': true, 'card-identical-new-id': true, 'tcard-update-not-stored': true, 'delete-card-kept': true, 'readd-same-id': true,
  'auth-denied-wrong-status': 'a 403 to AuthenticatePartner may be the allow list\'s (D25)',
  'obo-unknown-customer-wrong-status': 'a recording cannot show that a customer does not exist',
  'card-decline-missing-code': 'which card numbers the issuer declines is not in the recording (the audit sees a valid payload refused: GEN-VALID-ACCEPTED)',
  'card-found-by-number-alone': 'which card numbers other customers hold is the run\'s model, across the customers of one sequence',
  'tcard-denied-bin-new-only': 'which BIN the network denies is not in the recording',
  'tcard-bin-not-denied': 'which BIN the network denies is not in the recording',
  // issue 27: the access and state operators
  'allow-list-trusts-forwarded': 'needs a request from an address off the allow list',
  'allow-list-skipped-on-get': 'needs a request from an address off the allow list',
  'bearer-empty-signature-accepted': 'the audit does not judge a presented token: which tokens verify needs the issuer\'s key',
  'bearer-embedded-key-trusted': 'a token signed under a key it names looks like any other without the issuer\'s key',
  'bearer-client-secret-on-reads': 'a token signed with the client secret looks like any other without the issuer\'s key',
  'delete-card-any-customer': 'OWNERSHIP-CARDS is not judged from traffic (audit/coverage.ts): the run makes both customers',
  'history-account-any-customer': 'OWNERSHIP-CARDS is not judged from traffic (audit/coverage.ts): the run makes both customers',
  'tcard-found-by-token-alone': 'OWNERSHIP-CARDS is not judged from traffic (audit/coverage.ts): the run makes both customers',
  'sattr-id-filter-any-customer': 'which cards a customer holds is known to the audit only where the traffic added them; judged by the run',
  'sattr-filter-deleted-card-accepted': 'which cards a customer holds is known to the audit only where the traffic added them; judged by the run',
  'sattr-number-filter-prefix': 'which cards a customer holds is known to the audit only where the traffic added them; judged by the run',
  'sattr-number-filter-empty-entries': 'which cards a customer holds is known to the audit only where the traffic added them; judged by the run',
  'delete-again-restores': 'a card put back by a second delete is seen only by a list the run asks for at once (the ownership suite)',
  'enroll-check-then-insert': 'CONCURRENT-WRITES is not judged from traffic (audit/coverage.ts)',
  'card-add-check-then-insert': 'CONCURRENT-WRITES is not judged from traffic (audit/coverage.ts)',
  'delete-deleted-500': true, 'delete-check-then-remove': true, 'session-device-any-session': true,
  // history walks
  // history walks
  'paging-starts-after-reference': 'needs the customer\'s history walked page by page',
  'history-paging-gap': 'needs the customer\'s history walked page by page',
  'total-records-page-count': 'needs the customer\'s history walked page by page',
  'history-total-varies': 'needs the customer\'s history walked page by page',
  'account-filter-empty': 'needs the filtered and the unfiltered history side by side',
  'account-filter-partial': 'needs the filtered and the unfiltered history side by side',
  'history-account-filter-ignored': 'needs the filtered and the unfiltered history side by side',
  'default-page-oldest': 'needs the default page and a pageSize page of one customer side by side',
};
