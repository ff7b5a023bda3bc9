import { describe, expect, it } from 'vitest';
import { genericRefusal, jsonMediaType, legacyOrProblemError, noServerError, runChecks, statusMatches, transportBroken, validPayloadAccepted, fieldRuleChecks, type RefusalExpectation } from '../../checks/index.js';
import type { Expectation } from '../../generators/expectation.js';
import { businessRefusal } from '../../checks/error-row.js';
import { broken, exchange, validationBody } from './fixtures.js';

const accepted: Expectation = { kind: 'accepted', operation: 'EnrollCustomer', allowedBusinessErrors: ['DUPLICATE_SSN', 'CUSTOMER_NOT_FOUND'], ownRefusals: true };
/** An operation that cannot decline or find a duplicate: only its Errors-table codes excuse a refusal. */
const acceptedOnly: Expectation = { kind: 'accepted', operation: 'AuthenticateOBO', allowedBusinessErrors: ['NO_LINKED_ACCOUNT'] };
const validation: Expectation = {
  kind: 'validation', operation: 'EnrollCustomer',
  broken: [{ key: 'command.Gender', requirement: 'ENROLL-GENDER-LENGTH', violation: 'length-max+1' }], validKeys: ['command.Ssn'],
};

describe('noServerError', () => {
  it('passes below 500 and fails a 5xx', () => {
    expect(noServerError(exchange({ status: 422, body: {} }), undefined)).toEqual([]);
    const [f] = noServerError(exchange({ status: 503, body: {} }), undefined);
    expect(f?.message).toMatchInlineSnapshot(`"Received status 503; documented no request is answered with a 5xx status"`);
    expect(f?.dedupKey).toBe('noServerError|EnrollCustomer|503');
    expect(f?.severity).toBe('unspecified');
  });
  it('does not apply to a transport failure', () => {
    expect(noServerError(broken(), undefined)).toEqual([]);
    expect(noServerError.applies(broken(), undefined)).toBe(false);
  });
});

describe('jsonMediaType', () => {
  it('accepts both JSON media types and ignores an empty body', () => {
    expect(jsonMediaType(exchange({ body: {}, mediaType: 'application/json' }), undefined)).toEqual([]);
    expect(jsonMediaType(exchange({ status: 400, body: {}, mediaType: 'application/problem+json' }), undefined)).toEqual([]);
    expect(jsonMediaType.applies(exchange({ status: 200 }), undefined)).toBe(false);
  });
  it('fails another media type and an unparsable body', () => {
    const found = jsonMediaType(exchange({ bodyText: '<html>oops</html>', mediaType: 'text/html' }), undefined);
    expect(found.map((f) => f.title)).toEqual(['Body is not labelled as JSON', 'Body is not JSON']);
    expect(found[0]?.message).toMatchInlineSnapshot(`"Received media type text/html on status 200; documented a JSON media type (application/json or application/problem+json)"`);
  });
});

describe('validPayloadAccepted', () => {
  it('passes 2xx and an allowed business error as Problem or legacy shape', () => {
    expect(validPayloadAccepted(exchange({ status: 200, body: { CustomerId: 'x' } }), accepted)).toEqual([]);
    expect(validPayloadAccepted(exchange({ status: 422, body: { ErrorCode: 'DUPLICATE_SSN', ErrorMessage: 'in use' } }), accepted)).toEqual([]);
    expect(validPayloadAccepted(exchange({ status: 422, body: { errorCode: 'CUSTOMER_NOT_FOUND' } }), accepted)).toEqual([]);
  });
  it('passes a refusal with a code of the target\'s own in the D15/D16 shape (D37: observed by the suites)', () => {
    expect(validPayloadAccepted(exchange({ status: 422, body: { errorCode: 'OTHER' } }), accepted)).toEqual([]);
    expect(validPayloadAccepted(exchange({ status: 409, body: { ErrorCode: 'ISSUER_DECLINED', ErrorMessage: 'declined' } }), accepted)).toEqual([]);
    expect(businessRefusal(exchange({ status: 422, body: { ErrorCode: 7, ErrorMessage: "x" } }) as never)).toEqual({ status: 422, code: '7' });
  });
  it('passes a 400 in the D15/D16 shape: D15 allows any 4xx carrying a code (reading decline-400-legacy)', () => {
    expect(validPayloadAccepted(exchange({ status: 400, body: { errorCode: 'DUPLICATE_SSN' } }), accepted)).toEqual([]);
    expect(validPayloadAccepted(exchange({ status: 400, body: { ErrorCode: 'DECLINED', ErrorMessage: 'x' } }), accepted)).toEqual([]);
  });
  it('fails a 400 validation answer (even one carrying a code), a 5xx, and a 4xx with no code, an empty code or a legacy code without message', () => {
    const [f] = validPayloadAccepted(exchange({ status: 400, body: validationBody(['command.Ssn']) }), accepted);
    expect(f?.title).toBe('Valid payload rejected as invalid');
    expect(f?.message).toMatchInlineSnapshot(`"Received status 400; documented a valid payload is answered with 2xx or a 4xx refusal with an error code and no validationErrors (D15/D16 shape, D37)"`);
    expect(validPayloadAccepted(exchange({ status: 400, body: { ...validationBody(['command.Ssn']), errorCode: 'VALIDATION' } }), accepted)).toHaveLength(1);
    expect(validPayloadAccepted(exchange({ status: 503, body: { errorCode: 'BUSY' } }), accepted)).toHaveLength(1);
    expect(validPayloadAccepted(exchange({ status: 422, body: { errorCode: '' } }), accepted)).toHaveLength(1);
    expect(validPayloadAccepted(exchange({ status: 422, body: { ErrorCode: 'X' } }), accepted)).toHaveLength(1);
    expect(validPayloadAccepted(exchange({ status: 404, body: { message: 'no' } }), accepted)).toHaveLength(1);
  });
  it('fails a coded refusal where the operation can neither decline nor find a duplicate, unless the code is its Errors-table row', () => {
    const [f] = validPayloadAccepted(exchange({ status: 422, body: { errorCode: 'INVALID_INFORMATION' } }), acceptedOnly);
    expect(f?.message).toMatchInlineSnapshot(`"Received status 422 with errorCode INVALID_INFORMATION; documented a valid payload is answered with 2xx or a 4xx with errorCode NO_LINKED_ACCOUNT"`);
    expect(validPayloadAccepted(exchange({ status: 422, body: { errorCode: 'NO_LINKED_ACCOUNT' } }), acceptedOnly)).toEqual([]);
  });
  it('does not apply to other kinds', () => {
    expect(validPayloadAccepted.applies(exchange({ status: 400 }), validation)).toBe(false);
  });
});

describe('statusMatches', () => {
  it('validation: 400, or 422 with an accepted alternative', () => {
    expect(statusMatches(exchange({ status: 400, body: {} }), validation)).toEqual([]);
    const alt: Expectation = { ...validation, operation: 'AddSessionAttributes', alternatives: ['INVALID_INFORMATION'] };
    expect(statusMatches(exchange({ status: 422, body: { errorCode: 'INVALID_INFORMATION' } }), alt)).toEqual([]);
    expect(statusMatches(exchange({ status: 422, body: { errorCode: 'OTHER' } }), alt)).toHaveLength(1);
    const [f] = statusMatches(exchange({ status: 200, body: {} }), validation);
    expect(f?.requirement).toBe('ENROLL-GENDER-LENGTH');
    expect(f?.message).toMatchInlineSnapshot(`"Received status 200; documented 400 for an invalid command.Gender"`);
  });
  it('problem: the row status; refused: any 4xx', () => {
    const problem: Expectation = { kind: 'problem', operation: 'FindCustomer', row: 'CUSTOMER_NOT_FOUND' };
    expect(statusMatches(exchange({ status: 422, body: {} }), problem)).toEqual([]);
    expect(statusMatches(exchange({ status: 404, body: {} }), problem)[0]?.requirement).toBe('ERR-CUSTOMER-NOT-FOUND');
    const refused: Expectation = { kind: 'refused', operation: 'DeleteCard', requirement: 'SESSION-REQUIRED' };
    expect(statusMatches(exchange({ status: 403, body: {} }), refused)).toEqual([]);
    expect(statusMatches(exchange({ status: 200, body: {} }), refused)[0]?.requirement).toBe('SESSION-REQUIRED');
  });
});

describe('legacyOrProblemError (D15/D16)', () => {
  const e: RefusalExpectation = { operation: 'AddOrUpdateCard', requirement: 'CARD-AUTH-FAILURE' };
  it('accepts the legacy shape and a Problem errorCode', () => {
    expect(legacyOrProblemError(exchange({ status: 422, body: { ErrorCode: 'DECLINED', ErrorMessage: 'no' } }), e)).toEqual([]);
    expect(legacyOrProblemError(exchange({ status: 422, body: { ErrorCode: 51, ErrorMessage: '' } }), e)).toEqual([]);
    expect(legacyOrProblemError(exchange({ status: 402, body: { type: 'x', errorCode: 'DECLINED' } }), e)).toEqual([]);
  });
  it('fails an empty code, a missing message and a 2xx', () => {
    expect(legacyOrProblemError(exchange({ status: 422, body: { ErrorCode: '', ErrorMessage: 'x' } }), e)).toHaveLength(1);
    expect(legacyOrProblemError(exchange({ status: 422, body: { ErrorCode: 'X' } }), e)).toHaveLength(1);
    const [f] = legacyOrProblemError(exchange({ status: 200, body: { cards: [] } }), e);
    expect(f?.title).toBe('Business error not reported');
    expect(f?.requirement).toBe('CARD-AUTH-FAILURE');
  });
});

describe('genericRefusal', () => {
  const e: RefusalExpectation = { operation: 'DeleteCard', requirement: 'SESSION-REQUIRED' };
  it('passes a 4xx with any JSON error body', () => {
    expect(genericRefusal(exchange({ status: 401, body: { message: 'no' } }), e)).toEqual([]);
  });
  it('fails a 2xx and a 4xx without JSON', () => {
    expect(genericRefusal(exchange({ status: 200, body: {} }), e)[0]?.title).toBe('Request not refused');
    expect(genericRefusal(exchange({ status: 401, bodyText: '' }), e)[0]?.message).toMatchInlineSnapshot(`"Received status 401 with an empty body; documented a 4xx with a JSON error body"`);
  });
});

describe('runChecks and transportBroken', () => {
  it('runs nothing on a broken exchange and says why', () => {
    expect(transportBroken(broken())).toBe('TIMEOUT: no answer within 10000 ms');
    expect(runChecks(fieldRuleChecks, broken(), validation)).toEqual({ findings: [], ran: [] });
  });
  it('lists the checks that applied', () => {
    const run = runChecks(fieldRuleChecks, exchange({ status: 400, body: validationBody(['command.gender']) }), validation);
    expect(run.findings).toEqual([]);
    expect(run.ran).toEqual([
      'noServerError', 'jsonMediaType', 'statusMatches', 'validationProblemShape', 'typeNamesRfcSection', 'titleAndCodeMatch',
      'statusMemberMatches', 'instanceIsRequestPath', 'validationKeyPrefix', 'everyInvalidFieldNamed', 'noValidFieldBlamed',
    ]);
    expect(transportBroken(exchange())).toBeUndefined();
  });
});
