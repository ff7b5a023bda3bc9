/**
 * The cells of the contract an operator can be applied to, derived from contract/ alone: every
 * body member, query parameter and header of every operation, every allowed customer and session
 * attribute (each a field of its own), every operation (for the access operators) and every field
 * that names a customer's resource (for the ownership operators). Adding an operation, a field or
 * an attribute to the contract adds its cells with no other change.
 */
import { formatOf } from '../formats.js';
import { partnerHeaderNames } from '../header-names.js';
import { operations } from '../operations.js';
import type { FieldType, Method, Operation } from '../types.js';

export type CellPlace = 'body' | 'query' | 'header' | 'attribute' | 'operation';

/** What a field's value names on the target, where it names a resource (RESTler's dynamic objects). */
export type ResourceKind = 'customer' | 'card' | 'card-list' | 'card-number' | 'card-token' | 'card-number-list' | 'transaction' | 'sso-token';

/**
 * Members and attributes whose value names something the target holds, by wire name. The
 * document names them: Card.cardId ("accountId: the cardId"), Card.customerId ("Owner"), the
 * two session filters, the ssoToken of AuthenticateOBO.
 */
export const resourceNames: Readonly<Record<string, ResourceKind>> = {
  customerId: 'customer', CustomerId: 'customer',
  cardId: 'card', accountId: 'card', AccountIdFilter: 'card-list',
  cardNumber: 'card-number', cardToken: 'card-token', AccountNumberFilter: 'card-number-list',
  pagingTransactionReferenceNumber: 'transaction', SsoToken: 'sso-token',
};

/**
 * What a resource of these kinds names is the named customer's or card's (a card of the customer,
 * a transaction of the card, the token of the customer's AuthenticateOBO): with another customer or
 * card in the same request it may name nothing, and a target may say so (D30, D45).
 */
export const dependentResourceKinds: ReadonlySet<ResourceKind> = new Set(['card', 'card-list', 'card-number-list', 'transaction', 'sso-token']);

export interface Cell {
  /** `<Operation> <place> <name>`, stable: the coverage table and reports key on it. */
  readonly id: string;
  readonly operation: string;
  readonly place: CellPlace;
  /** Member, parameter, header or attribute name; the operation id for an operation cell. */
  readonly name: string;
  /** Attribute cells: the list member that carries them (`customerAttributes`). */
  readonly list?: string;
  readonly type: FieldType | 'header' | 'operation';
  /** The documented format (contract/formats.ts); absent for free text and lengths-only fields. */
  readonly format?: string;
  readonly required: boolean;
  readonly maxLength?: number;
  /** D12: the smaller of two documented maxima; values above it up to `maxLength` are not asserted either way. */
  readonly openAbove?: number;
  /** The format the reference reads into a lengths-only field (D35: card zip and state); not asserted beyond the lengths. */
  readonly lengthsOnlyFormat?: string;
  readonly minLength?: number;
  /** A small enumerated class (gender M/F, True/False): its documented values (contract/formats.ts `values`). */
  readonly enumeration?: readonly string[];
  /** A string with no documented format: D40/D41 free text. */
  readonly freeText: boolean;
  /** Operation cells: the documented members of the JSON body (none for AuthenticatePartner, D3: inputs not shown). */
  readonly bodyFields?: number;
  /** Attribute-list cells: the allowed names, each of which may appear once. */
  readonly allowedNames?: number;
  readonly resource?: ResourceKind;
  /** The operation enrols an identity (D16: SSN and e-mail checked for duplicates): an accepted request is a customer for good. */
  readonly enrols?: boolean;
  /** An attribute that states a member of the customer's record again (contract AllowedAttribute `restates`). */
  readonly restates?: string;
  readonly writes: boolean;
  readonly method: Method;
  readonly sessionRequired: boolean;
}

const cellId = (op: Operation, place: CellPlace, name: string) => `${op.id} ${place} ${name}`;

function fieldCells(op: Operation): Cell[] {
  const base = { operation: op.id, writes: op.writes, method: op.method, sessionRequired: op.sessionRequired, ...(op.refusesForOwnReasons === 'D16' ? { enrols: true } : {}) };
  return op.fields.flatMap((f): Cell[] => {
    const self: Cell = {
      ...base, id: cellId(op, f.in, f.name), place: f.in, name: f.name, type: f.type, required: f.required,
      ...(f.format ? { format: f.format } : {}),
      ...(f.referenceFormat ? { lengthsOnlyFormat: f.referenceFormat } : {}),
      ...((f.assertedMinLength ?? f.minLength) !== undefined ? { minLength: f.assertedMinLength ?? f.minLength } : {}),
      ...(f.format && formatOf(f.format).values ? { enumeration: formatOf(f.format).values } : {}),
      ...(f.attributes ? { allowedNames: f.attributes.allowed.length } : {}),
      ...(f.assertedMaxLength ?? f.maxLength) !== undefined ? { maxLength: f.assertedMaxLength ?? f.maxLength } : {},
      ...(f.assertedMaxLength !== undefined && f.maxLength !== undefined && f.assertedMaxLength > f.maxLength ? { openAbove: f.maxLength } : {}),
      freeText: f.type === 'string' && !f.format && !f.referenceFormat,
      ...(resourceNames[f.name] ? { resource: resourceNames[f.name] } : {}),
    };
    const items = (f.attributes?.allowed ?? []).map((a): Cell => ({
      ...base, id: cellId(op, 'attribute', a.name), place: 'attribute', name: a.name, list: f.name, type: 'string',
      required: a.required, maxLength: f.attributes!.valueLength.max, minLength: f.attributes!.valueLength.min,
      ...(a.valueFormat ? { format: a.valueFormat } : {}),
      ...(a.referenceFormat ? { lengthsOnlyFormat: a.referenceFormat } : {}),
      ...(a.valueFormat && formatOf(a.valueFormat).values ? { enumeration: formatOf(a.valueFormat).values } : {}),
      freeText: !a.valueFormat && !a.referenceFormat,
      ...(resourceNames[a.name] ? { resource: resourceNames[a.name] } : {}),
      ...(a.restates ? { restates: a.restates } : {}),
    }));
    return [self, ...items];
  });
}

/** The headers a partner operation reads: the session pair (all but AuthenticatePartner), apiVersion, the bearer token. */
function headerCells(op: Operation): Cell[] {
  return partnerHeaderNames(op).map((name) => ({
    id: cellId(op, 'header', name), operation: op.id, place: 'header', name, type: 'header', required: name !== 'apiVersion',
    freeText: false, writes: op.writes, method: op.method, sessionRequired: op.sessionRequired,
  }));
}

function operationCell(op: Operation): Cell {
  return {
    id: cellId(op, 'operation', op.id), operation: op.id, place: 'operation', name: op.id, type: 'operation', required: true,
    freeText: false, bodyFields: op.method === 'POST' ? op.fields.filter((f) => f.in === 'body').length : 0, writes: op.writes, method: op.method, sessionRequired: op.sessionRequired,
  };
}

/** Every cell of `ops` (by default the whole contract), in contract order. */
export function contractCells(ops: readonly Operation[] = operations): Cell[] {
  return ops.flatMap((op) => [operationCell(op), ...headerCells(op), ...fieldCells(op)]);
}
