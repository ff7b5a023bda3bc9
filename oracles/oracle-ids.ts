/**
 * The suites' own oracles, by id: each reads state only a suite holds, so it is no registered
 * check (checks/registry.ts), and its id is declared here once, with what it judges. A finding or
 * an oracle naming an id that is neither a check's nor one of these does not compile.
 */
declare module '../checks/finding.js' {
  interface SuiteOracles {
    /** The answer's status puts a validation case under ERR-VALIDATION (field-case.ts). */
    validationRow: true;
    /** A 2xx to a valid payload puts the case under the operation's success row (field-case.ts). */
    successRow: true;
    /** An operation the model predicts accepted is accepted (model/expect.ts; history/case.ts). */
    modelAccepted: true;
    /** An operation the model predicts refused is refused with the row's status (model/expect.ts). */
    modelRefusedWithRow: true;
    /** A card id as the model predicts it: new, or the one already registered (model/expect.ts). */
    modelCardId: true;
    /** A listed card's last four digits as the model's card (model/expect.ts). */
    modelLastFour: true;
    /** An add-or-update reply's expiration and nickname, where not empty, are the ones sent (model/expect.ts). */
    modelCardData: true;
    /** FindCustomer finds the customer the model enrolled (model/expect.ts). */
    modelFindsCustomer: true;
    /** Right after an enrolment, its fresh identity finds the CustomerId the enrolment returned (model/expect.ts). */
    modelEnrolledId: true;
    /** AuthenticateOBO issues an ssoToken where the model has a card (model/expect.ts). */
    modelSsoToken: true;
    /** GetCards lists what the model holds (model/list-expect.ts). */
    modelCardList: true;
    /** GetCards lists a card the model registered (model/list-expect.ts). */
    modelListsCard: true;
    /** A session filter naming the customer's own card is accepted (business/session-filters.ts). */
    ownCardFilterAccepted: true;
    /** A refusal of two attributes each invalid names both in its detail (business/session-two-invalid.ts, D19). */
    detailNamesEachInvalidItem: true;
    /** Another customer's card is still listed for its owner, unchanged (ownership/oracles.ts, D45). */
    othersCardUntouched: true;
    /** An answer for this customer carries no transaction of another customer's card (ownership/oracles.ts, D45). */
    othersTransactionsHidden: true;
    /** GetRegisteredCards of this customer lists no card of another customer, one of the same number or token included (ownership/oracles.ts, D45). */
    othersCardUnlisted: true;
    /** An add-or-update for this customer never answers with another customer's cardId (ownership/oracles.ts, D45). */
    othersCardIdNotReturned: true;
    /** A deleted card is not listed again, whatever a second DeleteCard answered (ownership/oracles.ts, D30). */
    deletedCardUnlisted: true;
    /** A deleted card added again gets a cardId of its own (ownership/oracles.ts, States). */
    readdedCardNewId: true;
    /** A card's twin (same BIN, last four digits and data) lists none of the card's transactions under its accountId (ownership/twin-card.ts). */
    twinTransactionsApart: true;
    /** A card's twin is still listed after a DeleteCard of the card (ownership/twin-card.ts, States). */
    twinCardKept: true;
    /** A card's twin (another number, same BIN, last four digits and data) is added as a card of its own (ownership/twin-card.ts). */
    twinIsAnotherCard: true;
    /** A write refused for a business reason created nothing: a lookup of what it sent names no new customer (business/refused-trace.ts, D16). */
    refusalLeftNoTrace: true;
    /** Two identical writes at the same time end as a serial order of them would (concurrency/cases.ts, D44). */
    serialOutcome: true;
    /** A write served with apiVersion in the header or the query string took effect: the card list shows it (access/version-write-effect.ts, States, D5). */
    versionedWriteTookEffect: true;
    /** A valid request with its documented header names re-cased is served as with them spelt as documented (access/header-name-case.ts, RFC 9110 section 5.1). */
    headerNameCaseServed: true;
  }
}

export type SuiteOracleId = keyof import('../checks/finding.js').SuiteOracles;
