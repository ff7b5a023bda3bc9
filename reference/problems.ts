import { STATUS_CODES } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  errorRow, problemMediaType, referenceOnlyErrors, rfcSections, type ErrorKey, type RfcSection,
} from '../contract/index.js';
import type { FaultSet } from './faults/types.js';
import { readingSet, type ReadingSet } from './readings.js';
import './fastify-types.js';

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
  const readings = readingsOf(reply);
  if (readings.has('extra-members')) body.traceId = `00-${'a'.repeat(32)}-${'b'.repeat(16)}-01`;
  const plain = faults.has('problem-plain-text');
  const type = readings.has('media-types-plain') ? 'application/json' : mediaType;
  return reply.code(status).type(plain ? 'text/plain; charset=utf-8' : type).send(JSON.stringify(body));
}

/**
 * Sends a Problem `{type, title, status, detail, instance, errorCode}` as application/problem+json.
 * A 401 gets `WWW-Authenticate: Bearer` unless a WWW-Authenticate header was already set (D27).
 */
export function sendProblem(reply: FastifyReply, request: FastifyRequest, p: ProblemInput): FastifyReply {
  const faults = faultsOf(reply);
  if (p.status === 401 && !faults.has('no-www-authenticate') && !reply.hasHeader('www-authenticate')) {
    reply.header('www-authenticate', bearerChallenge(reply, 'Bearer'));
  }
  if (faults.has('no-www-authenticate')) reply.removeHeader('www-authenticate');
  const body: Record<string, unknown> = {
    type: typeUrlFor(p.status, p.typeUrl, faults, readingsOf(reply)), title: p.title, status: p.status,
    detail: p.detail, instance: requestPath(request), errorCode: p.errorCode,
  };
  if (faults.has('problem-missing-detail')) delete body.detail;
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
  return sendProblem(reply, request, {
    status: e.status, errorCode: e.errorCode, title: e.title ?? STATUS_CODES[e.status] ?? 'Error', detail,
    ...(e.typeRfc ? { typeUrl: e.typeRfc.url } : {}),
  });
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
  const validationErrors = errors.map((e) => ({
    key: faults.has('key-wrong-prefix') ? e.key.replace(/^command\./, 'body.') : e.key,
    message: e.message,
  }));
  const body: Record<string, unknown> = {
    errors: {}, type: typeUrlFor(row.status, row.typeRfc?.url, faults, readings), title: row.title, status,
    detail: readings.has('detail-without-code') ? detail.replace(/ *\([^)]*\)$/, '') : detail,
    instance: requestPath(request), validationErrors,
  };
  if (faults.has('validation-missing-list')) delete body.validationErrors;
  if (faults.has('blind1-validation-errors-null')) body.errors = null;
  if (faults.has('validation-400-with-error-code')) body.errorCode = 'VALIDATION_ERROR';
  return write(reply, status, body, problemMediaType);
}

/** Sends a legacy `{ErrorCode, ErrorMessage}` body (D15 card authorization, D16 duplicates) as application/json. */
export function sendLegacyError(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  return write(reply, status, { ErrorCode: code, ErrorMessage: message }, 'application/json');
}
