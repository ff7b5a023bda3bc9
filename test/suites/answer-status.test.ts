import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../client/exchange.js';
import { errorBodyIsJson, noServerError } from '../../checks/index.js';
import { errorRow } from '../../contract/index.js';
import { errorBodyBesideRow } from '../../oracles/answer-status.js';
import { judge, oracle } from '../../oracles/judge.js';

/**
 * blind13: an answer is judged by what its status and row call for, whatever the case sent the
 * request for. A 401 met by a case that expected none still needs its challenge (D27), and a bearer
 * 401 that names the UNAUTHORIZED row of AuthenticatePartner is judged as that row; a D4 or D30
 * refusal (errorBodyIsJson alone) still leaves its row open.
 */
function unauthorized(operation: string, headers: Record<string, string>, type: string): Exchange {
  const row = errorRow('UNAUTHORIZED');
  const json = { type, title: row.title, status: 401, detail: 'the access token is invalid', instance: '/api/v1/partners/authenticate', errorCode: row.errorCode };
  return {
    request: { operation, method: 'POST', url: 'https://t/api/v1/partners/authenticate', path: '/api/v1/partners/authenticate', query: {}, headers: {}, body: {}, correlationId: 'c' },
    response: { status: 401, headers: { 'content-type': 'application/problem+json', ...headers }, bodyText: JSON.stringify(json), json, mediaType: 'application/problem+json' },
    durationMs: 1, attempts: [],
  } as unknown as Exchange;
}
const rowType = errorRow('UNAUTHORIZED').typeRfc!.url;
const badRequestType = errorRow('VALIDATION').typeRfc!.url;
const failed = (x: Exchange, oracles: Parameters<typeof judge>[1]['oracles']) => judge(x, { oracles }).findings.map((f) => f.requirement);

describe('answers judged by their status and row, whatever they were sent for', () => {
  it('a 401 without WWW-Authenticate fails BEARER-WWW-AUTHENTICATE in a case that named only GEN-NO-5XX', () => {
    const generic = [oracle(noServerError, undefined, 'GEN-NO-5XX')];
    expect(failed(unauthorized('FindCustomer', {}, rowType), generic)).toEqual(['BEARER-WWW-AUTHENTICATE']);
    expect(failed(unauthorized('FindCustomer', { 'www-authenticate': 'Bearer' }, rowType), generic)).toEqual([]);
  });

  it('a Problem carried by a 200 has the HTTP status as its status member, whatever the case expected (blind17)', () => {
    const generic = [oracle(noServerError, undefined, 'GEN-NO-5XX')];
    const ok = (status: number): Exchange => {
      const x = unauthorized('DeleteCard', {}, rowType);
      const json = { ...(x.response!.json as object), status };
      return { ...x, response: { ...x.response!, status: 200, json, bodyText: JSON.stringify(json), mediaType: 'application/json', headers: { 'content-type': 'application/json' } } } as Exchange;
    };
    expect(failed(ok(422), generic)).toEqual(['ERR-STATUS-MEMBER']);
    expect(failed(ok(200), generic)).toEqual([]);
  });

  it('a bearer 401 UNAUTHORIZED of AuthenticatePartner is judged as the row; a refusal that leaves the row open is not', () => {
    const challenged = { 'www-authenticate': 'Bearer error="invalid_token"' };
    expect(failed(unauthorized('AuthenticatePartner', challenged, rowType), [errorBodyBesideRow()])).toEqual([]);
    expect(failed(unauthorized('AuthenticatePartner', challenged, badRequestType), [errorBodyBesideRow()])).toEqual(['ERR-TYPE-URL']);
    expect(failed(unauthorized('AuthenticatePartner', challenged, badRequestType), [oracle(errorBodyIsJson, undefined, 'ERR-JSON-BODY')])).toEqual([]);
  });
});
