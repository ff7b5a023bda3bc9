import { describe, expect, it } from 'vitest';
import { errorBodyIsJson } from '../../checks/error-body.js';
import { broken, exchange } from './fixtures.js';

const problem = { type: 'https://tools.ietf.org/html/rfc7235#section-3.1', title: 'Unauthorized', status: 401, detail: 'd', instance: '/x', errorCode: 'UNAUTHORIZED' };

describe('errorBodyIsJson (ERR-JSON-BODY)', () => {
  it('passes a JSON error body under either JSON media type, whatever its members', () => {
    expect(errorBodyIsJson(exchange({ status: 401, body: problem }), undefined)).toEqual([]);
    expect(errorBodyIsJson(exchange({ status: 415, body: { message: 'no' }, mediaType: 'application/json' }), undefined)).toEqual([]);
  });

  it('fails an empty body, a body that is not JSON and a JSON body labelled otherwise', () => {
    const [empty] = errorBodyIsJson(exchange({ status: 401 }), undefined);
    expect(empty?.message).toBe('Received status 401 with an empty body labelled with no media type; documented an error body that is JSON (application/json or application/problem+json)');
    expect(empty?.requirement).toBe('ERR-JSON-BODY');
    expect(errorBodyIsJson(exchange({ status: 401, bodyText: 'Unauthorized', mediaType: 'text/plain' }), undefined)[0]?.title).toBe('Error body is not JSON');
    expect(errorBodyIsJson(exchange({ status: 400, body: problem, mediaType: 'text/plain' }), undefined)[0]?.message).toMatch(/a JSON body labelled text\/plain/);
  });

  it('judges 4xx answers only, and never a broken exchange', () => {
    expect(errorBodyIsJson(exchange({ status: 200 }), undefined)).toEqual([]);
    expect(errorBodyIsJson(exchange({ status: 500, bodyText: 'oops', mediaType: 'text/plain' }), undefined)).toEqual([]);
    expect(errorBodyIsJson(broken(), undefined)).toEqual([]);
  });
});
