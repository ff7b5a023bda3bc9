import { describe, expect, it } from 'vitest';
import { transportStop, tokenStop } from '../../bin/preflight-causes.js';
import type { Exchange } from '../../client/exchange.js';

/** The causes no loopback reference can stage (a name that does not resolve), and the wording that must not echo a target's value. */
const failed = (url: string, code: NonNullable<Exchange['transportError']>['code'], message: string): Exchange =>
  ({ request: { operation: 'Token', method: 'POST', url, query: {}, headers: {}, correlationId: 'c' }, transportError: { code, message }, durationMs: 1, attempts: [] });

describe('preflight causes', () => {
  it('a host name that does not resolve: exit 3, the name and the proxy variables', () => {
    const stop = transportStop(failed('https://sandbox.partner.example/oauth2/token', 'TARGET_UNREACHABLE', 'no connection could be made: ENOTFOUND getaddrinfo ENOTFOUND sandbox.partner.example'), { step: 'the token endpoint' });
    expect(stop).toEqual({ exitCode: 3, line: "Preflight: the host name sandbox.partner.example does not resolve (ENOTFOUND): check TARGET_BASE_URL / TARGET_AUTH_URL and this machine's DNS; where the target is reachable only through a proxy, set HTTPS_PROXY or TARGET_PROXY." });
  });

  it('behind a proxy, an unknown proxy host points at the proxy URL', () => {
    const stop = transportStop(failed('https://sandbox.partner.example/oauth2/token', 'TARGET_UNREACHABLE', 'getaddrinfo EAI_AGAIN proxy.corp.example'), { step: 'the token endpoint', proxy: 'the proxy http://proxy.corp.example:3128' });
    expect(stop?.line).toBe("Preflight: the host name proxy.corp.example does not resolve (EAI_AGAIN): check the proxy URL (TARGET_PROXY or HTTPS_PROXY) and TARGET_BASE_URL / TARGET_AUTH_URL and this machine's DNS.");
  });

  it('an error value the target chose is not quoted', () => {
    const x: Exchange = { ...failed('https://a.example/t', 'TIMEOUT', ''), response: { status: 401, headers: {}, bodyText: '', json: { error: 'secret s3cr3t!' } } };
    delete (x as { transportError?: unknown }).transportError;
    expect(tokenStop(x)?.line).toMatch(/refused this run's client credentials \(401\): check/);
  });
});
