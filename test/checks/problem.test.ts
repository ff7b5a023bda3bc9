import { describe, expect, it } from 'vitest';
import { rfcSections } from '../../contract/errors.js';
import {
  instanceIsRequestPath, namesRfcSection, problemShape, statusMemberMatches, titleAndCodeMatch, typeNamesRfcSection, validationProblemShape,
} from '../../checks/index.js';
import type { Expectation } from '../../generators/expectation.js';
import { base, exchange, pathOf, problemBody, validationBody } from './fixtures.js';

const notFound: Expectation = { kind: 'problem', operation: 'FindCustomer', row: 'CUSTOMER_NOT_FOUND' };
const noLink: Expectation = { kind: 'problem', operation: 'AuthenticateOBO', row: 'NO_LINKED_ACCOUNT' };
const validation: Expectation = {
  kind: 'validation', operation: 'EnrollCustomer', broken: [{ key: 'command.Gender', requirement: 'ENROLL-GENDER-LENGTH', violation: 'length-max+1' }], validKeys: [],
};
const cnf = { status: 422, errorCode: 'CUSTOMER_NOT_FOUND', title: 'Customer Not Found', type: rfcSections.unprocessable.url };
const find = (body: unknown, status = 422) => exchange({ operation: 'FindCustomer', slug: 'find-customer', status, body });

describe('problemShape / validationProblemShape', () => {
  it('pass conformant bodies', () => {
    expect(problemShape(find(problemBody(cnf, 'find-customer')), notFound)).toEqual([]);
    expect(validationProblemShape(exchange({ status: 400, body: validationBody(['command.Gender']) }), validation)).toEqual([]);
  });
  it('name missing and mistyped members', () => {
    const [f] = problemShape(find({ ...problemBody(cnf, 'find-customer'), status: '422', errorCode: undefined }), notFound);
    expect(f?.message).toMatchInlineSnapshot(`"Received errorCode is required, status must be integer; documented a Problem with type (URL), title, status (Int), detail, instance, errorCode"`);
    expect(validationProblemShape(exchange({ status: 400, body: { ...validationBody([]), validationErrors: [{ key: 'x' }] } }), validation)).toHaveLength(1);
  });
  it('do not apply where the shape is not documented (D4 refusal, D15 legacy, wrong status)', () => {
    const refused: Expectation = { kind: 'refused', operation: 'DeleteCard', requirement: 'SESSION-REQUIRED' };
    expect(problemShape.applies(exchange({ status: 401, body: { message: 'no' } }), refused)).toBe(false);
    const accepted: Expectation = { kind: 'accepted', operation: 'AddOrUpdateCard', allowedBusinessErrors: ['CARD_AUTHORIZATION_FAILED'] };
    expect(problemShape.applies(exchange({ status: 422, body: { ErrorCode: 'CARD_AUTHORIZATION_FAILED', ErrorMessage: 'x' } }), accepted)).toBe(false);
    expect(problemShape.applies(find({}, 404), notFound)).toBe(false);
    expect(validationProblemShape.applies(exchange({ status: 422, body: { errorCode: 'INVALID_INFORMATION' } }), { ...validation, alternatives: ['INVALID_INFORMATION'] })).toBe(false);
    expect(problemShape.applies(exchange({ status: 422, body: { errorCode: 'INVALID_INFORMATION' } }), { ...validation, alternatives: ['INVALID_INFORMATION'] })).toBe(true);
  });
});

describe('typeNamesRfcSection', () => {
  const s = rfcSections.unauthorized;
  it.each([
    'https://tools.ietf.org/html/rfc7235#section-3.1',
    'https://datatracker.ietf.org/doc/html/rfc7235#section-3.1',
    'https://www.rfc-editor.org/rfc/rfc7235#section-3.1',
    'https://rfc-editor.org/rfc/rfc7235.html#section-3.1',
    'HTTPS://TOOLS.IETF.ORG/HTML/RFC7235#SECTION-3.1',
  ])('accepts %s', (url) => expect(namesRfcSection(url, s)).toBe(true));
  it.each([
    'https://tools.ietf.org/html/rfc7231#section-3.1',
    'https://tools.ietf.org/html/rfc7235#section-3.10',
    'https://tools.ietf.org/html/rfc72350#section-3.1',
    'https://tools.ietf.org/html/rfc7235',
  ])('rejects %s', (url) => expect(namesRfcSection(url, s)).toBe(false));

  it('fails a type naming another section, and a relative type', () => {
    const [f] = typeNamesRfcSection(find(problemBody({ ...cnf, type: 'https://tools.ietf.org/html/rfc7231#section-6.5.1' }, 'find-customer')), notFound);
    expect(f?.message).toMatchInlineSnapshot(`"Received type "https://tools.ietf.org/html/rfc7231#section-6.5.1"; documented a URL naming RFC 4918 section 11.2 for CUSTOMER_NOT_FOUND, e.g. https://tools.ietf.org/html/rfc4918#section-11.2"`);
    expect(typeNamesRfcSection(find(problemBody({ ...cnf, type: '/rfc4918#section-11.2' }, 'find-customer')), notFound)).toHaveLength(1);
  });
  it('where the row documents no section, any URL naming an RFC passes', () => {
    const row = { status: 422, errorCode: 'NO_LINKED_ACCOUNT', title: 'No linked account', type: 'https://www.rfc-editor.org/rfc/rfc4918' };
    const x = (type: string) => exchange({ operation: 'AuthenticateOBO', slug: 'authenticate-obo', status: 422, body: problemBody({ ...row, type }, 'authenticate-obo') });
    expect(typeNamesRfcSection(x(row.type), noLink)).toEqual([]);
    expect(typeNamesRfcSection(x('https://example.com/errors/no-linked-account'), noLink)).toHaveLength(1);
  });
});

describe('titleAndCodeMatch', () => {
  it('passes the table title and code, and the validation title', () => {
    expect(titleAndCodeMatch(find(problemBody(cnf, 'find-customer')), notFound)).toEqual([]);
    expect(titleAndCodeMatch(exchange({ status: 400, body: validationBody([]) }), validation)).toEqual([]);
  });
  it('fails another title or code, each on its own', () => {
    const found = titleAndCodeMatch(find(problemBody({ ...cnf, title: 'Customer not found', errorCode: 'NOT_FOUND' }, 'find-customer')), notFound);
    expect(found.map((f) => f.title)).toEqual(['Problem errorCode differs from the Errors table', 'Problem title differs from the Errors table']);
    expect(found[1]?.message).toMatchInlineSnapshot(`"Received title "Customer not found"; documented title "Customer Not Found" for CUSTOMER_NOT_FOUND"`);
    expect(titleAndCodeMatch(exchange({ status: 400, body: validationBody([], { title: 'One or more validation errors occurred.' }) }), validation)).toHaveLength(1);
  });
  it('fails an errorCode in a 400 validation answer ("none in body"), and only there', () => {
    const [f] = titleAndCodeMatch(exchange({ status: 400, body: validationBody([], { errorCode: 'VALIDATION_ERROR' }) }), validation);
    expect(f?.message).toMatchInlineSnapshot(`"Received errorCode "VALIDATION_ERROR"; documented no errorCode in the body of 400 Bad Request (One or more validation errors: "none in body")"`);
    expect(f?.requirement).toBe('ERR-TITLE-CODE');
    for (const none of [null, ''])
      expect(titleAndCodeMatch(exchange({ status: 400, body: validationBody([], { errorCode: none }) }), validation)).toEqual([]);
    // A 422 alternative of a validation case (D19) documents its code; an unlisted 400 (D30, D5) is not a validation answer.
    const alternative = { ...validation, alternatives: ['INVALID_INFORMATION'] };
    const invalid = { status: 422, errorCode: 'INVALID_INFORMATION', title: 'Invalid Information', type: rfcSections.unprocessable.url };
    expect(titleAndCodeMatch(exchange({ status: 422, body: problemBody(invalid, 'enroll-customer') }), alternative)).toEqual([]);
    const refused: Expectation = { kind: 'refused', operation: 'FindCustomer', requirement: 'GEN-NO-5XX' };
    expect(titleAndCodeMatch.applies(exchange({ status: 400, body: problemBody({ ...cnf, status: 400, errorCode: 'INVALID_JSON' }, 'find-customer') }), refused)).toBe(false);
  });
});

describe('statusMemberMatches', () => {
  it('passes equal status and fails a different one', () => {
    expect(statusMemberMatches(find(problemBody(cnf, 'find-customer')), notFound)).toEqual([]);
    expect(statusMemberMatches(find(problemBody({ ...cnf, status: 400 }, 'find-customer')), notFound)).toHaveLength(1);
  });
  it('applies to a problem+json body even where the row is unspecified', () => {
    const refused: Expectation = { kind: 'refused', operation: 'DeleteCard', requirement: 'SESSION-REQUIRED' };
    expect(statusMemberMatches(exchange({ status: 401, body: { status: 403 }, mediaType: 'application/problem+json' }), refused)).toHaveLength(1);
    expect(statusMemberMatches.applies(exchange({ status: 401, body: { status: 403 }, mediaType: 'application/json' }), refused)).toBe(false);
  });
  it('applies to a Problem in plain JSON on any status, 2xx included (blind17: Ok(problem))', () => {
    const refused: Expectation = { kind: 'refused', operation: 'DeleteCard', requirement: 'GEN-NO-5XX' };
    const problem = { type: rfcSections.unprocessable.url, title: 'Error', status: 422, errorCode: 'CARD_NOT_FOUND' };
    expect(statusMemberMatches(exchange({ status: 200, body: problem, mediaType: 'application/json' }), refused)).toHaveLength(1);
    expect(statusMemberMatches(exchange({ status: 422, body: problem, mediaType: 'application/json' }), refused)).toEqual([]);
    expect(statusMemberMatches.applies(exchange({ status: 200, body: { customerId: '', status: 1 }, mediaType: 'application/json' }), refused)).toBe(false);
  });
});

describe('instanceIsRequestPath', () => {
  const x = (instance: string, url?: string) => exchange({ operation: 'FindCustomer', slug: 'find-customer', status: 422, body: problemBody(cnf, 'find-customer', { instance }), ...(url ? { url } : {}) });
  it('accepts the path, a full URL with that path, and a path without a gateway prefix', () => {
    expect(instanceIsRequestPath(x(pathOf('find-customer')), notFound)).toEqual([]);
    expect(instanceIsRequestPath(x(`${base}${pathOf('find-customer')}`), notFound)).toEqual([]);
    expect(instanceIsRequestPath(x(pathOf('find-customer'), `${base}/gateway${pathOf('find-customer')}`), notFound)).toEqual([]);
  });
  it('fails another path and a query string', () => {
    expect(instanceIsRequestPath(x('/api/v1/partners/enroll-customer'), notFound)).toHaveLength(1);
    const [f] = instanceIsRequestPath(x(`${pathOf('find-customer')}?apiVersion=1`), notFound);
    expect(f?.message).toMatchInlineSnapshot(`"Received instance "/api/v1/partners/find-customer?apiVersion=1"; documented the request path /api/v1/partners/find-customer"`);
  });
});
