import { describe, expect, it } from 'vitest';
import { loadProfile } from '../../contract/profile.js';
import { partnerRequest } from '../../client/partner-request.js';
import { queryWithVersion, requestUrl, withVersionIn } from '../../client/index.js';

/**
 * D5: the version goes in the header or the query string, and in the query string anywhere among
 * the operation's parameters (blind16: a URL rewrite cut the parameters after apiVersion; the
 * allow list was skipped on the query-versioned pipeline).
 */
const profile = loadProfile({ TARGET_BASE_URL: 'https://target.test', TARGET_CLIENT_ID: 'c', TARGET_CLIENT_SECRET: 's' });
const history = (versionAt?: number) => partnerRequest(profile, 'https://target.test', 'GetTransactionHistory',
  { body: { customerId: 'c1', accountId: 'a1', pageSize: 2 } }, { apiVersionIn: 'query', ...(versionAt === undefined ? {} : { versionAt }) }, 't');

describe('the place of apiVersion', () => {
  it('goes last in the query string by default, and before the parameter a place names', () => {
    expect(new URL(requestUrl(history())).search).toBe('?customerId=c1&accountId=a1&pageSize=2&apiVersion=1');
    expect(new URL(requestUrl(history(0))).search).toBe('?apiVersion=1&customerId=c1&accountId=a1&pageSize=2');
    expect(new URL(requestUrl(history(2))).search).toBe('?customerId=c1&accountId=a1&apiVersion=1&pageSize=2');
    expect(Object.keys(queryWithVersion({ a: '1' }, '1', 9))).toEqual(['a', 'apiVersion']);
  });

  it('moves between the header and the query string with its value, the rest of the request kept', () => {
    const inQuery = history(0);
    const inHeader = withVersionIn(inQuery, 'header');
    expect(inHeader.headers.apiVersion).toBe('1');
    expect(inHeader.query).toEqual({ customerId: 'c1', accountId: 'a1', pageSize: '2' });
    expect(inHeader.headers.authorization).toBe('Bearer t');
    const back = withVersionIn(inHeader, 'query');
    expect(back.headers.apiVersion).toBeUndefined();
    expect(new URL(requestUrl(back)).search).toBe('?customerId=c1&accountId=a1&pageSize=2&apiVersion=1');
    const none = { ...inHeader, headers: { accept: 'application/json' } };
    expect(withVersionIn(none, 'query')).toBe(none);
  });
});
