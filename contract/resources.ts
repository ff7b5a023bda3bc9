/** Response resources of interface.md ("Resources and their fields"). */

export type ResourceFieldType = 'string' | 'guid' | 'int' | 'boolean' | 'timestamp' | 'mmyy';

export interface ResourceField {
  readonly name: string;
  readonly type: ResourceFieldType;
  readonly note?: string;
}

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
  { name: 'cardArtAsBase64Png', type: 'string', note: 'may be empty' },
  { name: 'hashId', type: 'string', note: 'may be empty' },
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
  ...timestamps.map((name) => ({ name, type: 'timestamp' as const })),
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
  sessionHeader: 'sessionId',
  deviceHeader: 'deviceId',
  apiVersion: 'apiVersion',
  /** D15/D16 legacy error members. */
  legacyErrorCode: 'ErrorCode',
  legacyErrorMessage: 'ErrorMessage',
} as const;

export const apiVersion = '1';
