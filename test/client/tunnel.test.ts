import { afterEach, describe, expect, it } from 'vitest';
import { probeHandshake, probePlainHttp } from '../../client/tls-probe.js';
import { bypassesProxy, direct, probePath, tunnelThrough } from '../../client/tunnel.js';
import { maskProxyUrl } from '../../client/proxy.js';
import { startReference, type RunningReference } from '../../reference/server.js';
import { startCountingProxy, type CountingProxy } from '../support/counting-proxy.js';

/**
 * Issue 29: behind a proxy the transport suite's TLS and plain-HTTP probes take the CONNECT
 * tunnel the requests take (a real forward proxy, the `proxy` package), with its credentials;
 * a host NO_PROXY names goes direct; a refused tunnel reads as the network's failure, never the target's.
 */
let reference: RunningReference | undefined;
let proxy: CountingProxy | undefined;
afterEach(async () => {
  await proxy?.close();
  await reference?.close();
  proxy = reference = undefined;
});

const endpointOf = (r: RunningReference) => {
  const u = new URL(r.baseUrl);
  return { host: u.hostname, port: Number(u.port) };
};

describe('the probes through a CONNECT tunnel', () => {
  it('negotiate TLS and read the plain-HTTP answer through the proxy, with its credentials', async () => {
    proxy = await startCountingProxy({ requireAuth: 'corp-user:pa ss' });
    reference = await startReference();
    const endpoint = endpointOf(reference);
    const open = tunnelThrough(proxy.url.replace('//', '//corp-user:pa%20ss@'));
    const modern = await probeHandshake(endpoint, { minVersion: 'TLSv1.2', maxVersion: 'TLSv1.3', timeoutMs: 5_000 }, open);
    expect(modern.protocol).toMatch(/^TLSv1\.[23]$/);
    const legacy = await probeHandshake(endpoint, { minVersion: 'TLSv1', maxVersion: 'TLSv1.1', ciphers: 'DEFAULT@SECLEVEL=0', timeoutMs: 5_000 }, open);
    // The reference refuses TLS 1.1: the refusal is the server's, not the network's (the tunnel opened).
    expect(legacy.protocol).toBeUndefined();
    expect(legacy.failure?.by).not.toBe('network');
    const plain = await probePlainHttp(endpoint, 5_000, open);
    expect(plain.unreachable).toBeUndefined();
    expect(proxy.tunnels).toEqual(Array(3).fill(`${endpoint.host}:${endpoint.port}`));
  });

  it('a tunnel the proxy refuses (407 without credentials) is a network failure', async () => {
    proxy = await startCountingProxy({ requireAuth: 'corp-user:secret' });
    reference = await startReference();
    const endpoint = endpointOf(reference);
    const handshake = await probeHandshake(endpoint, { minVersion: 'TLSv1.2', maxVersion: 'TLSv1.3', timeoutMs: 5_000 }, tunnelThrough(proxy.url));
    expect(handshake.failure).toMatchObject({ by: 'network' });
    expect(handshake.failure?.message).toMatch(/HTTP 407/);
    const plain = await probePlainHttp(endpoint, 5_000, tunnelThrough(proxy.url));
    expect(plain.unreachable).toMatch(/HTTP 407/);
  });

  it('probePath: NO_PROXY hosts go direct, the others through the https proxy, its credentials masked', () => {
    const endpoint = { host: 'sandbox.partner.example', port: 8443 };
    const proxySettings = { httpsProxy: 'http://u:p@proxy.corp:3128', httpProxy: '', noProxy: '' };
    expect(probePath(undefined, endpoint, maskProxyUrl).open).toBe(direct);
    const through = probePath(proxySettings, endpoint, maskProxyUrl);
    expect(through.open).not.toBe(direct);
    expect(through.via).toBe('through the proxy http://[proxyCredentials:***]@proxy.corp:3128');
    for (const noProxy of ['*', '.partner.example', '*.partner.example', 'sandbox.partner.example', 'x.example, SANDBOX.partner.example:8443'])
      expect(probePath({ ...proxySettings, noProxy }, endpoint, maskProxyUrl).via, noProxy).toBe('direct');
    for (const noProxy of ['partner.example', 'sandbox.partner.example:443', 'other.example'])
      expect(bypassesProxy(noProxy, endpoint), noProxy).toBe(false);
  });
});
