import type { Field, Operation } from './types.js';
import { operations } from './operations.js';
import { errorRow } from './errors.js';
import { fieldSchema, requestSchema, problemSchema, validationProblemSchema, cardsResponseSchema, cardListResponseSchema, historyResponseSchema, tokenResponseSchema, tokenErrorSchema, type JsonSchema } from './schemas.js';
import { responseMembers, sessionHeaders } from './resources.js';
import { tokenContract } from './token.js';

/** An OpenAPI 3.1 document derived from the contract model; nothing in it is typed twice. */

const successSchemas: Record<string, JsonSchema> = {
  FindCustomer: { type: 'object', required: [responseMembers.findCustomer], properties: { [responseMembers.findCustomer]: { type: 'string' } } },
  EnrollCustomer: { type: 'object', required: [responseMembers.enrollCustomer], properties: { [responseMembers.enrollCustomer]: { type: 'string' } } },
  GetRegisteredCards: cardListResponseSchema,
  AddOrUpdateCard: cardsResponseSchema,
  AddOrUpdateTokenizedCard: cardsResponseSchema,
  AuthenticateOBO: { type: 'object', required: [responseMembers.ssoToken], properties: { [responseMembers.ssoToken]: { type: 'string' } } },
  GetTransactionHistory: historyResponseSchema,
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function sessionParameters(op: Operation): unknown[] {
  if (!op.sessionRequired) return [];
  return [sessionHeaders.sessionId, sessionHeaders.deviceId].map((name) => ({ name, in: 'header', required: true, schema: { type: 'string' } }));
}

function queryParameter(field: Field): unknown {
  return { name: field.name, in: 'query', required: field.required, schema: fieldSchema(field), ...(field.note ? { description: field.note } : {}) };
}

function errorResponses(op: Operation): Record<string, unknown> {
  const out: Record<string, { description: string; content: unknown }> = {};
  for (const key of op.errors) {
    const row = errorRow(key);
    const code = String(row.status);
    const schema = row.shape === 'validationProblem' ? ref('ValidationProblem') : ref('Problem');
    const prior = out[code];
    out[code] = {
      description: prior ? `${prior.description}; ${row.errorCode ?? row.title}` : `${row.errorCode ?? row.title}: ${row.condition}`,
      content: { 'application/problem+json': { schema } },
    };
  }
  return out;
}

function operationObject(op: Operation, method: string): unknown {
  const query = op.fields.filter((f) => f.in === 'query');
  const hasBody = op.fields.some((f) => f.in === 'body') || op.id === 'AuthenticatePartner';
  return {
    operationId: op.id,
    summary: op.section,
    tags: [op.core ? 'core' : 'ancillary'],
    parameters: [...sessionParameters(op), ...query.map(queryParameter), { name: 'apiVersion', in: 'header', required: false, schema: { type: 'string' } }],
    ...(hasBody && method !== 'get'
      ? { requestBody: { required: true, content: { 'application/json': { schema: op.id === 'AuthenticatePartner' ? { type: 'object' } : requestSchema(op, 'body') } } } }
      : {}),
    responses: {
      '200': {
        description: op.success.body,
        ...(successSchemas[op.id] ? { content: { 'application/json': { schema: successSchemas[op.id] } } } : {}),
      },
      ...errorResponses(op),
    },
    security: [{ oauth2: [] }],
  };
}

export function openApiDocument(options: { authUrl?: string; scopeBase?: string } = {}): Record<string, unknown> {
  const scopeBase = options.scopeBase ?? 'https://api.example.test';
  const paths: Record<string, unknown> = {};
  for (const op of operations) {
    const method = op.method.toLowerCase();
    paths[op.path] = { [method]: operationObject(op, method) };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Partner operations (check cashing), derived from interface.md', version: '1' },
    servers: [{ url: '{base_url}', variables: { base_url: { default: 'https://localhost' } } }],
    paths,
    components: {
      schemas: { Problem: problemSchema, ValidationProblem: validationProblemSchema, TokenResponse: tokenResponseSchema, TokenError: tokenErrorSchema },
      securitySchemes: {
        oauth2: {
          type: 'oauth2',
          flows: {
            clientCredentials: {
              tokenUrl: options.authUrl ?? 'https://localhost/oauth2/token',
              scopes: Object.fromEntries([...tokenContract.documentedScopeSuffixes, tokenContract.partnerScopeSuffix].map((s) => [`${scopeBase}${s}`, s])),
            },
          },
        },
      },
    },
  };
}
