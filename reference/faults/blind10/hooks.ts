import type { Operation } from '../../../contract/index.js';
import type { FaultSet } from '../types.js';
import type { FieldRule, ValidationError } from '../../validate/index.js';
import type { StoredCard } from '../../state/index.js';

/**
 * The blind10 faults that live in request handling shared by every operation: rewrites of the raw
 * input before validation, rule changes, message spellings and card views. Each is guarded by its
 * fault; with none on, every function is the identity.
 * @see reference/faults/blind10/index.ts
 */

type Json = Record<string, unknown>;

const asObject = (input: unknown): Json | undefined =>
  typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Json) : undefined;

export const anyBlind10 = (faults: FaultSet): boolean => faults.names.some((n) => n.startsWith('blind10-'));

const guidShape = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;

/** An id no card has: what an accountId that is not a GUID becomes under blind10-history-account-id-unvalidated. */
const noCard = '00000000-0000-4000-8000-0000000b1010';

/**
 * The request input as the faulty service reads it, before validation: a shallow copy where a
 * fault rewrites a member; the input itself otherwise. `hasCard` says whether the customer
 * already holds a card with this number (the update path).
 */
export function blind10Input(faults: FaultSet, op: Operation, input: unknown, hasCard: (customerId: string, cardNumber: string) => boolean): unknown {
  const src = asObject(input);
  if (!src || !anyBlind10(faults)) return input;
  const out: Json = { ...src };
  const str = (name: string): string | undefined => (typeof out[name] === 'string' ? (out[name] as string) : undefined);
  if (op.id === 'FindCustomer' && faults.has('blind10-find-dob-single-digit-month')) {
    // A lenient date parser: one-digit months and days are taken and written back padded.
    const m = /^([0-9]{4})([-/])([0-9]{1,2})[-/]([0-9]{1,2})$/.exec(str('dateOfBirth') ?? '');
    if (m) out.dateOfBirth = `${m[1]}${m[2]}${m[3]!.padStart(2, '0')}${m[2]}${m[4]!.padStart(2, '0')}`;
  }
  if (op.id === 'AddOrUpdateCard' && faults.has('blind10-card-nickname-unchecked-on-update')) {
    // The update path skips the validator and the column cuts the nickname to its width.
    const nickname = str('cardNickname');
    if (nickname !== undefined && nickname.length > 20 && hasCard(str('customerId') ?? '', str('cardNumber') ?? '')) out.cardNickname = nickname.slice(0, 20);
  }
  if (op.id === 'GetTransactionHistory' && faults.has('blind10-history-account-id-unvalidated')) {
    // The optional accountId was left out of the validator: any text is looked up, and found nowhere.
    const account = str('accountId');
    if (account !== undefined && account !== '' && !guidShape.test(account)) out.accountId = noCard;
  }
  return out;
}

/** Value rewrites of the AddCustomerAttributes format faults, by attribute name. */
function attributeRewrite(faults: FaultSet, name: string, value: string): string {
  // decimal(8,2): six digits before the point fit the column, so the check passes them.
  if (name === 'CurrentBalance' && faults.has('blind10-cattr-current-balance-six-digits') && /^[0-9]{6}\.[0-9]{2}$/.test(value)) return value.slice(1);
  // The MM-DD-YYYY rule exists for CardIssueDate only: any other date attribute is taken as sent.
  if (name === 'LastDebitPurchaseDate' && faults.has('blind10-cattr-last-debit-date-unchecked')) return '01-31-2020';
  return value;
}

const attributeFaults = ['blind10-cattr-current-balance-six-digits', 'blind10-cattr-last-debit-date-unchecked'];

/** Rule changes of the blind10 validation faults; each touches one field of one operation. */
export function blind10Rule(faults: FaultSet, op: Operation, rule: FieldRule): FieldRule {
  if (!anyBlind10(faults)) return rule;
  const at = (opId: string, field: string) => op.id === opId && rule.field.name === field;
  if (faults.has('blind10-enroll-address-line2-max-100') && at('EnrollCustomer', 'addressLine2')) return { ...rule, maxLength: 100 };
  if (faults.has('blind10-sattr-value-max-200') && at('AddSessionAttributes', 'sessionAttributes') && rule.attributes)
    return { ...rule, attributes: { ...rule.attributes, valueLength: { ...rule.attributes.valueLength, max: 200 } } };
  if (at('AddCustomerAttributes', 'customerAttributes') && rule.attributes && attributeFaults.some((f) => faults.has(f))) {
    const list = rule.attributes;
    const before = list.rewriteBeforeFormat;
    return { ...rule, attributes: { ...list, rewriteBeforeFormat: (name, v) => attributeRewrite(faults, name, before ? before(name, v) : v) } };
  }
  return rule;
}

/** Message spellings of the blind10 faults, applied to a finished error list. */
export function blind10Errors(faults: FaultSet, op: Operation, errors: ValidationError[]): ValidationError[] {
  // A regex rule declared without a message: the framework writes null.
  if (faults.has('blind10-enroll-validation-message-null') && op.id === 'EnrollCustomer')
    return errors.map((e) => (/ is not valid: expected /.test(e.message) ? { ...e, message: null as unknown as string } : e));
  return errors;
}

/**
 * A card as the faulty service writes it. `where`: the card list or an add-or-update answer;
 * `updated`: the add-or-update call changed a card already on file.
 */
export function blind10CardView(faults: FaultSet, card: StoredCard, view: Record<string, unknown>, where: 'list' | 'upsert', updated = false): Record<string, unknown> {
  if (!anyBlind10(faults)) return view;
  const out = { ...view };
  // The token table's flag is a varchar column, read as text.
  if (where === 'list' && card.kind === 'token' && faults.has('blind10-cards-show-terms-string-token')) out.showTermsAndConditions = out.showTermsAndConditions ? 'True' : 'False';
  // The UPDATE statement returns no id, and the answer is built from its result.
  if (where === 'upsert' && updated && card.kind === 'number' && faults.has('blind10-card-update-card-id-empty')) out.cardId = '';
  // The answer's last four taken from the BIN, the first of the two number parts of the request.
  if (where === 'upsert' && card.kind === 'token' && faults.has('blind10-tcard-last-four-from-bin') && card.data.cardBin) out.lastFourDigits = card.data.cardBin.slice(-4);
  // The update path's hash is a nullable column never filled.
  if (where === 'upsert' && updated && card.kind === 'token' && faults.has('blind10-tcard-hash-id-null-on-update')) out.hashId = null;
  return out;
}
