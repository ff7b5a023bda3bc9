/** Response resources of interface.md ("Resources and their fields"). */

export type ResourceFieldType = 'string' | 'guid' | 'int' | 'boolean' | 'timestamp' | 'mmyy' | 'base64';

export interface ResourceField {
  readonly name: string;
  readonly type: ResourceFieldType;
  readonly note?: string;
  /** Operations whose responses may leave the field out (D32: hashId in GetRegisteredCards). */
  readonly optionalIn?: readonly string[];
  /** May be absent or null everywhere; where present and not null it has its type (D36). */
  readonly optional?: boolean;
}

/** Standard base64 alphabet with padding; the empty string matches ("may be empty"). */
export const base64Pattern = '^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$';

export const cardFields: readonly ResourceField[] = [
  { name: 'cardId', type: 'guid' },
  { name: 'customerId', type: 'guid' },
  { name: 'cardNickname', type: 'string' },
  { name: 'cardProgram', type: 'string' },
  { name: 'lastFourDigits', type: 'string', note: '`****` may be returned for tokenized cards' },
  { name: 'showTermsAndConditions', type: 'boolean' },
  { name: 'termsAndConditionsId', type: 'string' },
  { name: 'issuerType', type: 'int' },
  { name: 'expirationMonthYear', type: 'mmyy' },
  { name: 'cardProgramPhone', type: 'string' },
  { name: 'currentCardMin', type: 'int' },
  { name: 'currentCardMax', type: 'int' },
  { name: 'cardArtAsBase64Png', type: 'base64', note: 'Base64 PNG image; may be empty' },
  // D32: "returned by add-or-update operations": the card list may omit it.
  { name: 'hashId', type: 'string', note: 'may be empty', optionalIn: ['GetRegisteredCards'] },
];

/** After add-or-update, most fields other than these may be empty strings or 0. */
export const cardFieldsAlwaysSet = ['cardId', 'lastFourDigits'] as const;
export const tokenizedLastFour = '****';

const ints = ['statusCode', 'state', 'processingStatus', 'classificationStatus', 'loadStatus', 'declineReasonCode', 'pickupLocationId', 'mobileTransactionTypeId', 'amount', 'fee', 'ocrAmount', 'userEnteredAmount', 'loadAmount'];
const timestamps = ['createdOn', 'submittedForClassificationOn', 'finishedClassificationOn', 'submittedForApprovalOn', 'finishedApprovalOn', 'expectedLoadDate', 'actualLoadDate'];

export const transactionFields: readonly ResourceField[] = [
  { name: 'transactionId', type: 'guid' },
  ...ints.slice(0, 1).map((name) => ({ name, type: 'int' as const })),
  { name: 'statusMessage', type: 'string' },
  ...ints.slice(1, 6).map((name) => ({ name, type: 'int' as const })),
  { name: 'declineReasonMessage', type: 'string' },
  ...ints.slice(6).map((name) => ({ name, type: 'int' as const })),
  // D36: events that have not happened yet (classification, approval, load) may have no timestamp.
  ...timestamps.map((name) => ({ name, type: 'timestamp' as const, ...(name === 'createdOn' ? {} : { optional: true }) })),
  { name: 'lastFourDigitsOfCard', type: 'string' },
  { name: 'cardNickname', type: 'string' },
  { name: 'destinationDisplayName', type: 'string' },
];

/** GetTransactionHistory: default page size and the documented paging member names. */
export const history = {
  defaultPageSize: 20,
  listMember: 'searchResults',
  totalMember: 'totalRecords',
  newestFirstBy: 'createdOn',
} as const;

export const responseMembers = {
  findCustomer: 'customerId',
  enrollCustomer: 'CustomerId',
  cards: 'cards',
  ssoToken: 'ssoToken',
  /** D15/D16 legacy error members. */
  legacyErrorCode: 'ErrorCode',
  legacyErrorMessage: 'ErrorMessage',
} as const;

/**
 * The resource lists of the read operations' answers and the member that identifies each item
 * (Card.cardId, Transaction.transactionId), with the count beside a list (totalRecords): what a
 * read's query parameters select, compared where the same read is sent twice (the version's place).
 */
export const listedResources: ReadonlyArray<{ readonly member: string; readonly id: string; readonly count?: string }> = [
  { member: responseMembers.cards, id: 'cardId' },
  { member: history.listMember, id: 'transactionId', count: history.totalMember },
];

/**
 * The two names of a partner session (interface.md "Common headers", D3): AuthenticatePartner
 * takes deviceId in its body and answers with sessionId in a response header; every other
 * operation sends both back as request headers.
 */
export const sessionHeaders = {
  sessionId: 'sessionId',
  deviceId: 'deviceId',
} as const;

/** The request header or query parameter that selects the API version (D5). */
export const versionParameter = 'apiVersion';

export const apiVersion = '1';
