import { STATUS_CODES } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  errorRow, operation, problemMediaType, referenceOnlyErrors, rfcSections, type ErrorKey, type RfcSection,
} from '../contract/index.js';
import type { FaultSet } from './faults/types.js';
import { readingSet, type ReadingSet } from './readings.js';
import './fastify-types.js';
import { sentPath } from './blind3/paths.js';

/**
 * Error writers of the reference: every error body goes through this file.
 *
 * The problem-writer faults (problem-plain-text, problem-status-mismatch, problem-instance-wrong,
 * problem-type-wrong-rfc, problem-missing-detail, validation-missing-list, validation-wrong-status,
 * key-wrong-prefix) are applied here, so handlers carry no fault code for them. The FaultSet is
 * read from `reply.server.faults`, the decoration startReference() puts on the root instance
 * (plugins inherit it), so callers never pass it.
 * @see interface.md "Errors", decisions.md D7, D13, D15, D16, D27
 */
export interface ProblemInput {
  readonly status: number;
  readonly errorCode: string;
  readonly title: string;
  /** Defaults to the RFC section of the status (rfcSections of contract/errors.ts). */
  readonly typeUrl?: string;
  readonly detail: string;
  /** false: a 401 goes out without the challenge sendProblem adds (a fault's own branch). */
  readonly challenge?: false;
}

export interface ValidationError {
  readonly key: string;
  readonly message: string;
}

const sectionOfStatus: Record<number, RfcSection> = {
  400: rfcSections.badRequest, 401: rfcSections.unauthorized, 403: rfcSections.forbidden,
  404: rfcSections.notFound, 415: rfcSections.unsupportedMediaType, 422: rfcSections.unprocessable,
};

/** Internal code that ends the detail of validation problems ("ends with a parenthesised internal code"). */
export const validationDetail = 'One or more validation errors occurred. (VAL-001)';

function faultsOf(reply: FastifyReply): FaultSet {
  return reply.server.faults;
}

const noReadings = readingSet();

/** The switched-on readings; an instance built without startReference (unit tests) has none. */
export function readingsOf(reply: FastifyReply): ReadingSet {
  return reply.server.readings ?? noReadings;
}

/** Reading `problem-type-alt-urls`: the same RFC section in the two other common URL forms. */
function altTypeUrl(url: string): string {
  const m = /^https:\/\/tools\.ietf\.org\/html\/rfc(\d+)(#.*)?$/.exec(url);
  if (!m) return url;
  return m[1] === '4918' ? `https://www.rfc-editor.org/rfc/rfc${m[1]}${m[2] ?? ''}` : `https://datatracker.ietf.org/doc/html/rfc${m[1]}${m[2] ?? ''}`;
}

/** Reading `www-authenticate-realm`: the challenge a partner 401 carries. */
export function bearerChallenge(reply: FastifyReply, plain: string): string {
  return readingsOf(reply).has('www-authenticate-realm') ? 'Bearer realm="partner", error="invalid_token"' : plain;
}

/** The request path without its query string. */
export function requestPath(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? request.url;
}

/** The `instance` member; blind2-problem-instance-with-query writes the raw URL, query string included. */
function instanceOf(request: FastifyRequest, faults: FaultSet, status?: number): string {
  // blind4-problem-instance-absolute-url: the business errors' instance is the display URL.
  if (status === 422 && faults.has('blind4-problem-instance-absolute-url')) return `${request.protocol}://${request.headers.host ?? request.hostname}${requestPath(request)}`;
  // blind8-find-not-found-instance-mount-relative: the customers controller is mounted under /api/v1 and names its own route.
  if (status === 422 && faults.has('blind8-find-not-found-instance-mount-relative') && requestPath(request).endsWith('/find-customer')) return requestPath(request).replace(/^\/api\/v1/, '');
  // blind6-problem-instance-route-template: the matched route's template, not the path requested.
  if (faults.has('blind6-problem-instance-route-template')) return requestPath(request).replace('/api/v1/', '/api/v{version}/');
  // Readings `blind3-trailing-slash`, `blind3-paths-any-case`: the path as sent, not as rewritten for routing.
  return faults.has('blind2-problem-instance-with-query') ? request.url : sentPath(request) ?? requestPath(request);
}

/** Reading `blind-type-rfc9110-undocumented`: the RFC 9110 section of each status, for rows that document none. */
const rfc9110Sections: Readonly<Record<number, string>> = { 403: '15.5.4', 404: '15.5.5', 409: '15.5.10', 415: '15.5.16', 422: '15.5.21' };

function typeUrlFor(status: number, given: string | undefined, faults: FaultSet, readings: ReadingSet = noReadings): string {
  if (status === 400 && faults.has('problem-type-wrong-rfc')) return rfcSections.notFound.url;
  const url = given ?? sectionOfStatus[status]?.url ?? 'about:blank';
  return readings.has('problem-type-alt-urls') ? altTypeUrl(url) : url;
}

function write(reply: FastifyReply, status: number, body: Record<string, unknown>, mediaType: string): FastifyReply {
  const faults = faultsOf(reply);
  if (faults.has('problem-status-mismatch') && typeof body.status === 'number') {
    body.status = body.status === 400 ? 422 : 400;
  }
  if (faults.has('problem-instance-wrong') && 'instance' in body) body.instance = '/';
  // blind2-problem-status-string-422: the business errors' status comes from a string-typed column.
  if (faults.has('blind2-problem-status-string-422') && body.status === 422 && 'instance' in body) body.status = '422';
  const readings = readingsOf(reply);
  if (readings.has('extra-members')) body.traceId = `00-${'a'.repeat(32)}-${'b'.repeat(16)}-01`;
  // cattr-unknown-customer-problem-in-200: the attributes controller returns Ok(problem) for a customer it cannot find.
  const inOk = faults.has('cattr-unknown-customer-problem-in-200') && status === 422 && body.errorCode === errorRow('CUSTOMER_NOT_FOUND').errorCode
    && requestPath(reply.request) === operation('AddCustomerAttributes').path;
  if (inOk) return reply.code(200).type('application/json; charset=utf-8').send(JSON.stringify(body));
  const plain = faults.has('problem-plain-text');
  // blind7-problem-media-type-misspelt-422: the business-error filter's media type, its two halves swapped.
  const misspelt = faults.has('blind7-problem-media-type-misspelt-422') && status === 422 && mediaType === problemMediaType;
  const type = misspelt ? 'application/json+problem' : readings.has('media-types-plain') ? 'application/json' : mediaType;
  return reply.code(status).type(plain ? 'text/plain; charset=utf-8' : type).send(JSON.stringify(body));
}

/**
 * Reading `blind-problem-detail-wording`: the same statements in other words, each detail ending
 * with a parenthesised internal code ("The detail text of some errors ends with a parenthesised internal code").
 */
function reworded(p: ProblemInput, path: string): string {
  let detail = p.detail;
  if (p.errorCode === 'UNAUTHORIZED' && path.endsWith('/authenticate')) detail = 'The application is not authorised to connect to the partner API.';
  const fields = /^Invalid information: (.*)\.$/.exec(detail);
  if (p.errorCode === 'INVALID_INFORMATION' && fields) detail = `The following fields are invalid: ${fields[1]!.split(', ').map((f) => `'${f}'`).join(', ')}.`;
  return `${detail} (PA-${p.status}${String(p.errorCode.length).padStart(2, '0')})`;
}

/**
 * Sends a Problem `{type, title, status, detail, instance, errorCode}` as application/problem+json.
 * A 401 gets `WWW-Authenticate: Bearer` unless a WWW-Authenticate header was already set (D27).
 */
export function sendProblem(reply: FastifyReply, request: FastifyRequest, p: ProblemInput): FastifyReply {
  const faults = faultsOf(reply);
  // blind2-auth-denied-no-challenge: the challenge is added by the bearer guard only, not by AuthenticatePartner's denial.
  const deniedPartner = faults.has('blind2-auth-denied-no-challenge') && requestPath(request).endsWith('/authenticate');
  // blind3-session-401-no-challenge: the session filter writes its own 401 without the challenge the bearer guard adds.
  const sessionRefusal = faults.has('blind3-session-401-no-challenge') && p.errorCode === 'UNAUTHORIZED' && !requestPath(request).endsWith('/authenticate');
  // blind5-bearer-challenge-missing-only: the challenge is written by the "no token" branch alone.
  const tokenSent = faults.has('blind5-bearer-challenge-missing-only') && request.headers.authorization !== undefined;
  if (tokenSent) reply.removeHeader('www-authenticate');
  if (p.status === 401 && p.challenge !== false && !faults.has('no-www-authenticate') && !reply.hasHeader('www-authenticate') && !deniedPartner && !sessionRefusal && !tokenSent) {
    reply.header('www-authenticate', bearerChallenge(reply, 'Bearer'));
  }
  if (faults.has('no-www-authenticate')) reply.removeHeader('www-authenticate');
  if (readingsOf(reply).has('blind-problem-detail-wording')) p = { ...p, detail: reworded(p, requestPath(request)) };
  const undocumented = readingsOf(reply).has('blind-type-rfc9110-undocumented') && p.errorCode !== 'CUSTOMER_NOT_FOUND' ? rfc9110Sections[p.status] : undefined;
  const body: Record<string, unknown> = {
    type: undocumented ? `https://www.rfc-editor.org/rfc/rfc9110#section-${undocumented}` : typeUrlFor(p.status, p.typeUrl, faults, readingsOf(reply)), title: p.title, status: p.status,
    detail: p.detail, instance: instanceOf(request, faults, p.status), errorCode: p.errorCode,
  };
  if (faults.has('problem-missing-detail')) delete body.detail;
  // Reading `blind-legacy-numeric-codes`: "AddSessionAttributes returns a non-zero ErrorCode" beside the Problem.
  if (p.errorCode === 'INVALID_INFORMATION' && readingsOf(reply).has('blind-legacy-numeric-codes')) Object.assign(body, { ErrorCode: numericCode(p.errorCode), ErrorMessage: p.detail });
  return write(reply, p.status, body, problemMediaType);
}

/** Sends the Problem of a row of the contract's Errors table (errorRows), e.g. 'CUSTOMER_NOT_FOUND'. */
export function sendErrorRow(reply: FastifyReply, request: FastifyRequest, key: ErrorKey, detail: string): FastifyReply {
  const row = errorRow(key);
  return sendProblem(reply, request, {
    status: row.status, errorCode: row.errorCode ?? key, title: row.title, detail,
    ...(row.typeRfc ? { typeUrl: row.typeRfc.url } : {}),
  });
}

type ProblemError = { [K in keyof typeof referenceOnlyErrors]: (typeof referenceOnlyErrors)[K] extends { errorCode: string } ? K : never }[keyof typeof referenceOnlyErrors];

/** Sends one of the Problems of contract referenceOnlyErrors (forbidden, notFound, invalidJson, ...). */
export function sendReferenceProblem(reply: FastifyReply, request: FastifyRequest, key: ProblemError, detail: string): FastifyReply {
  const e = referenceOnlyErrors[key] as { status: number; errorCode: string; title?: string; typeRfc?: RfcSection };
  // Reading `blind-unlisted-errors-legacy` (D5, D30): errors the Errors table does not list, in the legacy shape it also shows.
  if (readingsOf(reply).has('blind-unlisted-errors-legacy') && (['invalidJson', 'unsupportedMediaType', 'cardNotFound', 'notFound', 'badApiVersion'] as string[]).includes(key))
    return sendLegacyError(reply, e.status, e.errorCode, detail);
  return sendProblem(reply, request, {
    status: e.status, errorCode: e.errorCode, title: e.title ?? STATUS_CODES[e.status] ?? 'Error', detail,
    ...(e.typeRfc ? { typeUrl: e.typeRfc.url } : {}),
  });
}

/** Reading `blind-errors-object-filled`: `errors` as ASP.NET model state, key → messages. */
function modelState(errors: readonly ValidationError[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const e of errors) (out[e.key] ??= []).push(e.message);
  return out;
}

/** Reading `blind-validation-messages-reworded`: the property as FluentValidation names it ('Card Number'). */
function propertyName(key: string): string {
  const last = key.split('.').at(-1)!.replace(/\[[0-9]+\]$/, '');
  const words = last.replace(/([a-z0-9])([A-Z])/g, '$1 $2');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Reading `blind-validation-messages-reworded`: the reference's messages in FluentValidation's wording (values never echoed). */
function fluentMessage(e: ValidationError): string {
  const p = `'${propertyName(e.key)}'`;
  const rules: ReadonlyArray<[RegExp, (m: RegExpExecArray) => string]> = [
    [/field is required\.$/, () => `${p} must not be empty.`],
    [/field must be a string\.$/, () => 'The JSON value could not be converted to System.String.'],
    [/field must be true or false\.$/, () => 'The JSON value could not be converted to System.Boolean.'],
    [/field must be an integer\.$/, () => `${p} must be a whole number.`],
    [/field must be a list of name\/value objects\.$/, () => 'The JSON value could not be converted to a list of name/value pairs.'],
    [/must be at least ([0-9]+) characters\.$/, (m) => `The length of ${p} must be at least ${m[1]} characters.`],
    [/cannot exceed ([0-9]+) characters\.$/, (m) => `The length of ${p} must be ${m[1]} characters or fewer.`],
    [/is not valid: expected .*$/, () => `${p} is not in the correct format.`],
    [/must be between (-?[0-9]+) and (-?[0-9]+)\.$/, (m) => `${p} must be between ${m[1]} and ${m[2]}.`],
    [/ '(.*)' is not an allowed attribute name\.$/, (m) => `${p} must be one of the allowed attribute names; '${m[1]}' is not.`],
    [/must contain the attributes (.*)\.$/, (m) => `${p} must include the attributes ${m[1]}.`],
  ];
  for (const [re, write] of rules) {
    const m = re.exec(e.message);
    if (m) return write(m);
  }
  return e.message;
}

/**
 * Sends a validation problem `{errors: {}, type, title, status, detail, instance, validationErrors}`.
 * Keys are passed as the contract documents them (`command.Field`, `query.field`, `[i]`).
 */
export function sendValidationProblem(
  reply: FastifyReply, request: FastifyRequest, errors: readonly ValidationError[], detail: string = validationDetail,
): FastifyReply {
  const faults = faultsOf(reply);
  const readings = readingsOf(reply);
  const row = errorRow('VALIDATION');
  const status = faults.has('validation-wrong-status') ? 422 : row.status;
  let validationErrors = errors.map((e) => ({
    key: faults.has('key-wrong-prefix') ? e.key.replace(/^command\./, 'body.') : e.key,
    message: readings.has('blind-validation-messages-reworded') ? fluentMessage(e) : e.message,
  }));
  if (readings.has('blind-validation-messages-reworded')) validationErrors = validationErrors.reverse();
  const body: Record<string, unknown> = {
    // blind4-validation-type-no-section: the RFC's URL without its section fragment.
    errors: readings.has('blind-errors-object-filled') ? modelState(validationErrors) : {},
    type: faults.has('blind4-validation-type-no-section') ? typeUrlFor(row.status, row.typeRfc?.url, faults, readings).replace(/#.*$/, '') : typeUrlFor(row.status, row.typeRfc?.url, faults, readings),
    // blind2-validation-title-aspnet: the framework's ValidationProblemDetails title left in place.
    // blind5-validation-title-reworded: a title of the service's own.
    title: faults.has('blind2-validation-title-aspnet') ? 'One or more validation errors occurred.' : faults.has('blind5-validation-title-reworded') ? 'Validation Failed' : row.title, status,
    detail: readings.has('detail-without-code') ? detail.replace(/ *\([^)]*\)$/, '') : detail,
    instance: instanceOf(request, faults), validationErrors,
  };
  if (faults.has('validation-missing-list')) delete body.validationErrors;
  if (faults.has('blind1-validation-errors-null')) body.errors = null;
  // blind6-validation-errors-missing-on-get: the query binder's problem is built without the model-state member.
  if (faults.has('blind6-validation-errors-missing-on-get') && request.method === 'GET') delete body.errors;
  // blind5-validation-errors-array: the model-state errors serialised from a list.
  if (faults.has('blind5-validation-errors-array')) body.errors = [];
  if (faults.has('validation-400-with-error-code')) body.errorCode = 'VALIDATION_ERROR';
  // blind9-tcard-validation-type-rfc4918: the tokenized-card controller's filter writes every problem with the business errors' type.
  if (faults.has('blind9-tcard-validation-type-rfc4918') && requestPath(request).endsWith('/add-or-update-tokenized-card')) body.type = rfcSections.unprocessable.url;
  // blind9-cattr-validation-errors-object-missing: the ancillary controller builds its validation problem without the model-state member.
  if (faults.has('blind9-cattr-validation-errors-object-missing') && requestPath(request).endsWith('/add-customer-attributes')) delete body.errors;
  // blind7-validation-instance-missing-on-get: the query binder's problem is built without the request path.
  if (faults.has('blind7-validation-instance-missing-on-get') && request.method === 'GET') delete body.instance;
  return write(reply, status, body, problemMediaType);
}

/** Reading `blind-legacy-numeric-codes`: the non-zero integer a legacy service sends for each code. */
const numericCodes: Readonly<Record<string, number>> = {
  CARD_AUTHORIZATION_FAILED: 1001, CARD_EXPIRED: 1002, ISSUER_DECLINED: 1003,
  DUPLICATE_SSN: 2001, DUPLICATE_EMAIL: 2002, UNDERAGE: 2003, SSN_IN_USE_ELSEWHERE: 2004, INVALID_INFORMATION: 3001,
};

function numericCode(code: string): number {
  return numericCodes[code] ?? 9000 + ([...code].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 997, 7) + 1);
}

/** Sends a legacy `{ErrorCode, ErrorMessage}` body (D15 card authorization, D16 duplicates) as application/json. */
export function sendLegacyError(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  const errorCode = readingsOf(reply).has('blind-legacy-numeric-codes') ? numericCode(code) : code;
  // blind6-legacy-error-text-plain: the legacy error is written as a string result, text/plain.
  return write(reply, status, { ErrorCode: errorCode, ErrorMessage: message }, faultsOf(reply).has('blind6-legacy-error-text-plain') ? 'text/plain; charset=utf-8' : 'application/json');
}
