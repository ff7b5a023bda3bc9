import type { Field, Operation } from './types.js';
import {
  addressBlock, cardNickname, customerIdBody, customerIdQuery, dateOfBirth, expirationMonthYear, guidField, nameOnCard,
} from './fields.js';
import { customerAttributes, sessionAttributes } from './attributes.js';

/**
 * D35: the card tables give zip and state lengths only (EnrollCustomer's table adds "5-digit",
 * "state code"): the characters stay the reference's reading, sent valid but never asserted.
 */
type LengthsOnly<F> = F extends { readonly name: 'state' | 'zip'; readonly format: infer Format extends string }
  ? Omit<F, 'format' | 'decisions'> & { readonly referenceFormat: Format; readonly decisions: readonly string[] }
  : F;

function lengthsOnly<const Fs extends readonly Field[]>(fields: Fs): { readonly [K in keyof Fs]: LengthsOnly<Fs[K]> } {
  // The cast restates the map for the compiler (a map loses the tuple); test/contract/field-requirement-ids.test.ts proves the ids agree.
  return fields.map((f) => {
    if ((f.name !== 'state' && f.name !== 'zip') || !f.format) return f;
    const { format, ...rest } = f;
    return { ...rest, referenceFormat: format, decisions: [...(rest.decisions ?? []), 'D35'] };
  }) as unknown as { readonly [K in keyof Fs]: LengthsOnly<Fs[K]> };
}

const partnerBase = '/api/v1/partners';

/** A property Field does not know is refused, as an annotated Field[] would (inference alone lets it pass). */
type KnownKeysOnly<Fs extends readonly Field[]> = { readonly [K in keyof Fs]: { readonly [P in Exclude<keyof Fs[K], keyof Field>]: never } };

/** Code and fields keep their literal types: requirement ids are derived from them (contract/field-requirement-ids.ts). */
function op<const C extends string, const Fs extends readonly Field[]>(o: Omit<Operation, 'path' | 'sessionRequired' | 'bodyKeyCase' | 'core' | 'code' | 'fields'> & {
  code: C; slug: string; core?: boolean; sessionRequired?: boolean; bodyKeyCase?: Operation['bodyKeyCase']; fields: Fs & KnownKeysOnly<Fs>;
}): Omit<Operation, 'code' | 'fields'> & { readonly code: C; readonly fields: Fs } {
  const { slug, ...rest } = o;
  return { core: true, sessionRequired: true, bodyKeyCase: 'pascal', ...rest, path: `${partnerBase}/${slug}` };
}

const ssnFind = { name: 'ssn', in: 'body', type: 'string', required: true, minLength: 9, maxLength: 9, format: 'ssn' } as const satisfies Field;

const operationTable = [
  op({
    id: 'AuthenticatePartner', code: 'AUTH', slug: 'authenticate', method: 'POST', section: 'AuthenticatePartner',
    sessionRequired: false, writes: false,
    // D3: inputs are not shown; the reference takes {deviceId}. No field rule is asserted.
    fields: [],
    success: { status: 200, body: 'sessionId response header', severity: 'documented' },
    errors: ['UNAUTHORIZED'],
  }),
  op({
    id: 'FindCustomer', code: 'FIND', slug: 'find-customer', method: 'POST', section: 'FindCustomer', writes: false,
    fields: [ssnFind, dateOfBirth],
    success: { status: 200, body: '{customerId}', severity: 'documented' },
    errors: ['CUSTOMER_NOT_FOUND', 'VALIDATION'],
  }),
  op({
    id: 'EnrollCustomer', code: 'ENROLL', slug: 'enroll-customer', method: 'POST', section: 'EnrollCustomer', writes: true,
    fields: [
      { name: 'emailAddress', in: 'body', type: 'string', required: true, minLength: 1, maxLength: 100, format: 'email', decisions: ['D10', 'D39'] },
      { ...ssnFind, minLength: 1, assertedMinLength: 9, decisions: ['D28'] },
      { name: 'firstName', in: 'body', type: 'string', required: true, minLength: 1, maxLength: 50 },
      { name: 'lastName', in: 'body', type: 'string', required: true, minLength: 1, maxLength: 50 },
      { name: 'middleInitial', in: 'body', type: 'string', required: false, minLength: 1, maxLength: 1, emptyNotAsserted: true, decisions: ['D29'] },
      { name: 'title', in: 'body', type: 'string', required: false, minLength: 0, maxLength: 10 },
      { name: 'suffix', in: 'body', type: 'string', required: false, minLength: 0, maxLength: 10 },
      { name: 'mobileNumber', in: 'body', type: 'string', required: true, minLength: 10, maxLength: 10, format: 'phone10' },
      { name: 'homeNumber', in: 'body', type: 'string', required: false, minLength: 10, maxLength: 10, format: 'phone10', emptyNotAsserted: true, decisions: ['D29'] },
      ...addressBlock(),
      { ...dateOfBirth },
      { name: 'countryOfOrigin', in: 'body', type: 'string', required: false, minLength: 0 },
      { name: 'gender', in: 'body', type: 'string', required: false, minLength: 0, maxLength: 1, format: 'gender', emptyNotAsserted: true, decisions: ['D29', 'D38'] },
      { name: 'allowTexts', in: 'body', type: 'boolean', required: true, decisions: ['D11'], note: 'D11: listed as a 1-character string, shown as a boolean' },
      { name: 'referrerCode', in: 'body', type: 'string', required: false, minLength: 0, maxLength: 50 },
    ],
    success: { status: 200, body: '{CustomerId}', severity: 'documented' },
    errors: ['VALIDATION'],
    refusesForOwnReasons: 'D16',
  }),
  op({
    id: 'GetRegisteredCards', code: 'CARDS', slug: 'get-registered-cards', method: 'GET', section: 'GetRegisteredCards', writes: false,
    fields: [customerIdQuery],
    success: { status: 200, body: '{cards: Card[]}', severity: 'documented' },
    errors: ['VALIDATION'],
  }),
  op({
    id: 'AddOrUpdateCard', code: 'CARD', slug: 'add-or-update-card', method: 'POST', section: 'AddOrUpdateCard', writes: true, repeatable: true,
    fields: [
      customerIdBody,
      { name: 'cardNumber', in: 'body', type: 'string', required: true, minLength: 15, maxLength: 19, format: 'cardNumber' },
      expirationMonthYear, cardNickname, nameOnCard,
      ...lengthsOnly(addressBlock({ lineDescriptionMax: 100 })),
    ],
    success: { status: 200, body: '{cards: [Card]}', severity: 'documented' },
    errors: ['VALIDATION'],
    refusesForOwnReasons: 'D15',
  }),
  op({
    id: 'AddOrUpdateTokenizedCard', code: 'TCARD', slug: 'add-or-update-tokenized-card', method: 'POST', section: 'AddOrUpdateTokenizedCard', writes: true, repeatable: true,
    fields: [
      customerIdBody,
      {
        name: 'cardToken', in: 'body', type: 'string', required: true, minLength: 0, maxLength: 255, assertedMaxLength: 256,
        emptyNotAsserted: true, decisions: ['D12', 'D28'], note: 'D12: description says up to 256',
      },
      { name: 'cardBin', in: 'body', type: 'string', required: true, minLength: 1, maxLength: 50, format: 'cardBin', assertedMinLength: 6, decisions: ['D28'] },
      { name: 'lastFourOfCard', in: 'body', type: 'string', required: false, minLength: 0, maxLength: 4 },
      expirationMonthYear, cardNickname, nameOnCard,
      ...lengthsOnly(addressBlock()),
    ],
    success: { status: 200, body: '{cards: [Card]}', severity: 'documented' },
    errors: ['BAD_REQUEST', 'VALIDATION'],
    // States: a tokenized card too goes through authorization, whose failure carries an ErrorCode.
    refusesForOwnReasons: 'D15',
  }),
  op({
    id: 'AuthenticateOBO', code: 'OBO', slug: 'authenticate-obo', method: 'POST', section: 'AuthenticateOBO', writes: false,
    fields: [customerIdBody],
    success: { status: 200, body: '{ssoToken}', severity: 'documented' },
    errors: ['CUSTOMER_NOT_FOUND', 'NO_LINKED_ACCOUNT', 'VALIDATION'],
  }),
  op({
    id: 'GetTransactionHistory', code: 'HISTORY', slug: 'get-transaction-history', method: 'GET', section: 'GetTransactionHistory', writes: false,
    fields: [
      customerIdQuery,
      guidField('accountId', { in: 'query', required: false, note: 'the cardId; limits history to that card' }),
      guidField('pagingTransactionReferenceNumber', { in: 'query', required: false }),
      {
        name: 'pageSize', in: 'query', type: 'int', required: false, range: { min: 1, max: 10 }, ambiguousValues: [0],
        decisions: ['D23'], note: 'D23: 0 is not asserted; above 10 or negative rejected',
      },
    ],
    success: { status: 200, body: '{searchResults: Transaction[], totalRecords}', severity: 'documented' },
    errors: ['VALIDATION'],
  }),
  op({
    id: 'DeleteCard', code: 'DELETE', slug: 'delete-card', method: 'POST', section: 'DeleteCard', writes: true, bodyKeyCase: 'camel',
    fields: [customerIdBody, guidField('cardId')],
    success: { status: 200, body: 'not shown (D6)', severity: 'unspecified' },
    errors: ['VALIDATION'],
  }),
  op({
    id: 'AddCustomerAttributes', code: 'CATTR', slug: 'add-customer-attributes', method: 'POST', section: 'AddCustomerAttributes', writes: true, core: false,
    fields: [customerAttributes],
    success: { status: 200, body: 'not shown (D6)', severity: 'unspecified' },
    errors: ['CUSTOMER_NOT_FOUND', 'VALIDATION'],
  }),
  op({
    id: 'AddSessionAttributes', code: 'SATTR', slug: 'add-session-attributes', method: 'POST', section: 'AddSessionAttributes', writes: true, core: false,
    fields: [sessionAttributes],
    success: { status: 200, body: 'not shown (D6)', severity: 'unspecified' },
    errors: ['INVALID_INFORMATION', 'VALIDATION'],
  }),
];

/** The eleven partner operations of interface.md, in its order. */
export const operations: readonly Operation[] = operationTable;

/** The codes requirement ids are built from (FIND, ENROLL...), as a type: a misspelt one does not compile. */
export type OperationCode = (typeof operationTable)[number]['code'];

/** The operation rows with their literal codes and field tables, for the field-rule id type. */
export type OperationRow = (typeof operationTable)[number];

export function operation(id: string): Operation {
  const found = operations.find((o) => o.id === id);
  if (!found) throw new Error(`contract: unknown operation ${id}`);
  return found;
}
