import type { Field, Operation } from './types.js';
import { formatOf } from './formats.js';
import { problemMembers, validationProblemMembers } from './errors.js';
import { base64Pattern, cardFields, history, transactionFields, type ResourceField, type ResourceFieldType } from './resources.js';
import { tokenContract } from './token.js';

/** JSON Schemas (draft 2020-12 subset) derived from the contract: ajv checks and the OpenAPI export read them. */
export type JsonSchema = Record<string, unknown>;

function attributeItemSchema(field: Field): JsonSchema {
  const rule = field.attributes!;
  return {
    type: 'object',
    required: ['name', 'value'],
    properties: {
      name: { type: 'string', minLength: rule.nameLength.min, maxLength: rule.nameLength.max, enum: rule.allowed.map((a) => a.name) },
      value: { type: 'string', minLength: rule.valueLength.min, maxLength: rule.valueLength.max },
    },
  };
}

export function fieldSchema(field: Field): JsonSchema {
  switch (field.type) {
    case 'int':
      return { type: 'integer', ...(field.range ? { minimum: field.range.min, maximum: field.range.max } : {}) };
    case 'boolean':
      return { type: 'boolean' };
    case 'attributeList':
      return { type: 'array', items: attributeItemSchema(field) };
    default:
      return {
        type: 'string',
        ...(field.minLength !== undefined ? { minLength: field.minLength } : {}),
        ...(field.maxLength !== undefined ? { maxLength: field.maxLength } : {}),
        ...(field.format ? { pattern: formatOf(field.format).pattern } : {}),
      };
  }
}

/** The request schema of one operation's fields in one location. */
export function requestSchema(op: Operation, location: Field['in'] = 'body'): JsonSchema {
  const fields = op.fields.filter((f) => f.in === location);
  return {
    type: 'object',
    properties: Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f)])),
    required: fields.filter((f) => f.required).map((f) => f.name),
  };
}

const resourceTypeSchema: Record<ResourceFieldType, JsonSchema> = {
  string: { type: 'string' },
  guid: { type: 'string', pattern: formatOf('guid').pattern },
  int: { type: 'integer' },
  boolean: { type: 'boolean' },
  timestamp: { type: 'string', format: 'date-time' },
  mmyy: { type: 'string', pattern: formatOf('mmyy').pattern },
  base64: { type: 'string', pattern: base64Pattern },
};

/** An optional field may also be null (D36); a format keyword applies to strings only, so null passes it. */
const fieldTypeSchema = (f: ResourceField): JsonSchema => {
  const schema = resourceTypeSchema[f.type];
  return f.optional ? { ...schema, type: [schema.type, 'null'] } : schema;
};

/** The resource as `operation` returns it: fields optional there (D32) or everywhere (D36) are not required. */
function resourceSchema(fields: readonly ResourceField[], operation?: string): JsonSchema {
  return {
    type: 'object',
    required: fields.filter((f) => !f.optional && !(operation && f.optionalIn?.includes(operation))).map((f) => f.name),
    properties: Object.fromEntries(fields.map((f) => [f.name, fieldTypeSchema(f)])),
  };
}

/** The Card of add-or-update responses: every field, hashId included (possibly empty). */
export const cardSchema = resourceSchema(cardFields);
export const transactionSchema = resourceSchema(transactionFields);
export const cardsResponseSchema: JsonSchema = { type: 'object', required: ['cards'], properties: { cards: { type: 'array', items: cardSchema } } };
/** D32: GetRegisteredCards may omit hashId; where present it is a string. */
export const cardListResponseSchema: JsonSchema = {
  type: 'object', required: ['cards'], properties: { cards: { type: 'array', items: resourceSchema(cardFields, 'GetRegisteredCards') } },
};
export const historyResponseSchema: JsonSchema = {
  type: 'object',
  required: [history.listMember, history.totalMember],
  properties: { [history.listMember]: { type: 'array', items: transactionSchema }, [history.totalMember]: { type: 'integer', minimum: 0 } },
};

export const problemSchema: JsonSchema = {
  type: 'object',
  required: [...problemMembers],
  properties: {
    type: { type: 'string', format: 'uri' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    instance: { type: 'string' },
    errorCode: { type: 'string', minLength: 1 },
  },
};

export const validationProblemSchema: JsonSchema = {
  type: 'object',
  required: [...validationProblemMembers],
  properties: {
    errors: { type: 'object' },
    type: { type: 'string', format: 'uri' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    instance: { type: 'string' },
    validationErrors: {
      type: 'array',
      items: { type: 'object', required: ['key', 'message'], properties: { key: { type: 'string' }, message: { type: 'string' } } },
    },
  },
};

export const tokenResponseSchema: JsonSchema = {
  type: 'object',
  required: [...tokenContract.responseMembers],
  properties: {
    access_token: { type: 'string', pattern: '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]*$' },
    expires_in: { type: 'integer', const: tokenContract.expiresIn },
    token_type: { type: 'string', const: tokenContract.tokenType },
    // D34: another scope than the requested one may be granted; an empty one says nothing.
    scope: { type: 'string', minLength: 1 },
  },
};

export const tokenErrorSchema: JsonSchema = {
  type: 'object',
  required: ['error'],
  // RFC 6749 section 5.2: the character sets of every member, on every token error answer judged by this schema.
  properties: {
    error: { type: 'string', enum: [...tokenContract.errorCodes], pattern: tokenContract.errorMemberPatterns.error },
    error_description: { type: 'string', pattern: tokenContract.errorMemberPatterns.error_description },
    error_uri: { type: 'string', pattern: tokenContract.errorMemberPatterns.error_uri },
  },
};
