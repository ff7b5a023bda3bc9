import type { AttributeListRule, Field } from './types.js';

/** The name/value attribute lists of the two ancillary operations. */

/** Name, location and requiredness stay literal types: requirement ids are derived from them. */
interface AttributeListField<N extends string> extends Field {
  readonly name: N; readonly in: 'body'; readonly type: 'attributeList'; readonly required: true; readonly attributes: AttributeListRule;
}

export const customerAttributes: AttributeListField<'customerAttributes'> = {
  name: 'customerAttributes', in: 'body', type: 'attributeList', required: true,
  decisions: ['D20', 'D31', 'D38'],
  attributes: {
    nameLength: { min: 1, max: 100 },
    valueLength: { min: 1, max: 200 },
    itemKeyName: 'Name',
    itemKeyValue: 'Value',
    allowed: [
      { name: 'CustomerId', required: true, valueFormat: 'guid', meaning: 'Customer GUID assigned at enrollment' },
      { name: 'SSN', required: true, valueFormat: 'ssn', meaning: '9 digits, no spaces or dashes', restates: 'ssn' },
      { name: 'NumberOfCards', required: false, valueFormat: 'count', meaning: 'Number of registered cards' },
      { name: 'Tenure', required: false, valueFormat: 'count', meaning: 'Months; longest tenured card if several' },
      { name: 'DirectDeposit', required: false, valueFormat: 'trueFalse', meaning: 'True or False' },
      { name: 'CurrentBalance', required: false, valueFormat: 'amount', meaning: 'DDDDD.CC; average if several cards' },
      { name: 'AverageMonthlyLoadAmount', required: false, valueFormat: 'amount', meaning: 'DDDDD.CC; average if several cards' },
      { name: 'TransactionsPerMonth', required: false, valueFormat: 'decimalNumber', meaning: 'Number; average if several cards' },
      { name: 'CardIssueDate', required: false, valueFormat: 'mmddyyyy', meaning: 'MM-DD-YYYY' },
      { name: 'NumberOfChecksCashed', required: false, valueFormat: 'count', meaning: 'Count in the last 90 days' },
      { name: 'NumberOfChecksReturned', required: false, valueFormat: 'count', meaning: 'Count in the last 90 days' },
      { name: 'BalanceOnReturnedChecks', required: false, valueFormat: 'amount', meaning: 'DDDDD.CC, outstanding debt on returned checks' },
      { name: 'AverageCheckCashedAmt', required: false, valueFormat: 'amount', meaning: 'DDDDD.CC, last 90 days' },
      { name: 'DebitActive', required: false, valueFormat: 'trueFalse', meaning: 'True or False' },
      { name: 'LastDebitPurchaseDate', required: false, valueFormat: 'mmddyyyy', meaning: 'MM-DD-YYYY' },
      { name: 'TotalNumberOfCustomers', required: false, valueFormat: 'count', meaning: 'Number of active customers' },
    ],
  },
};

export const sessionAttributes: AttributeListField<'sessionAttributes'> = {
  name: 'sessionAttributes', in: 'body', type: 'attributeList', required: true,
  decisions: ['D19', 'D39'],
  attributes: {
    nameLength: { min: 1, max: 100 },
    valueLength: { min: 1, max: 300 },
    itemKeyName: 'Name',
    itemKeyValue: 'Value',
    allowed: [
      { name: 'SsoToken', required: true, meaning: 'Token from AuthenticateOBO' },
      // D39: "E-mail for customer communication" states no format; the reference checks the e-mail rule anyway.
      { name: 'PreferredEmail', required: false, referenceFormat: 'email', meaning: 'E-mail for customer communication' },
      { name: 'AccountIdFilter', required: false, valueFormat: 'guidList', meaning: 'Comma-separated card GUIDs to show' },
      { name: 'AccountNumberFilter', required: false, meaning: 'Comma-separated raw card numbers or card tokens to show' },
    ],
  },
};

/** AccountIdFilter and AccountNumberFilter are mutually exclusive (documented). */
export const exclusiveSessionFilters = ['AccountIdFilter', 'AccountNumberFilter'] as const;

/**
 * A member of one item of an attribute list, as interface.md prints the item: `{name: string
 * (required, 1-100), value: string (required, 1-200)}`. The lists are the only depth of a request
 * body below its top-level members, so these and `Operation.fields` are every member a body has.
 */
export interface ItemMember {
  readonly member: 'name' | 'value';
  readonly type: 'string';
  readonly required: true;
}

/** The members of one item of `field` (none where `field` is no list): a new list gets its item members with no change here. */
export function itemMembers(field: Field): readonly ItemMember[] {
  if (!field.attributes) return [];
  return [{ member: 'name', type: 'string', required: true }, { member: 'value', type: 'string', required: true }];
}
