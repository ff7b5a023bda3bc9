import { createSecureContext, type SecureContext } from 'node:tls';
import type { Dispatcher } from 'undici';
import { Agent, EnvHttpProxyAgent } from './undici-parts.js';
import type { ProxySettings } from '../contract/proxy-settings.js';

export type { ProxySettings } from '../contract/proxy-settings.js';

/** What the dispatcher needs besides the proxy: the same for a direct and a tunnelled request. */
export interface DispatcherOptions {
  readonly connections: number;
  readonly timeoutMs: number;
  readonly tls: { readonly minVersion: 'TLSv1.2' | 'TLSv1.3'; readonly ca?: readonly string[] };
  readonly localAddress?: string;
  readonly proxy?: ProxySettings;
}

/**
 * The undici dispatcher of a transport. With a proxy, undici's own EnvHttpProxyAgent: an
 * https:// request goes through a CONNECT tunnel and TLS runs end to end with the target
 * (`requestTls` carries the run's CA and minimum version into the tunnel), a NO_PROXY host
 * goes direct with `connect`. A request from a chosen source address (the allow-list probe,
 * D25) never uses a proxy: the proxy's address, not the one chosen, would reach the target.
 */
export function createDispatcher(o: DispatcherOptions): Dispatcher {
  const tls = { minVersion: o.tls.minVersion, ...(o.tls.ca ? { secureContext: secureContextOf(o.tls.minVersion, o.tls.ca) } : {}) };
  const common = { connections: o.connections, headersTimeout: o.timeoutMs, bodyTimeout: o.timeoutMs, connect: { timeout: o.timeoutMs, ...tls } };
  // undici takes the source address from the Agent option and overrides connect.localAddress.
  if (o.localAddress) return new Agent({ ...common, localAddress: o.localAddress });
  if (!o.proxy || (!o.proxy.httpsProxy && !o.proxy.httpProxy)) return new Agent(common);
  return new EnvHttpProxyAgent({
    ...common,
    requestTls: { timeout: o.timeoutMs, ...tls },
    proxyTls: { timeout: o.timeoutMs },
    httpsProxy: o.proxy.httpsProxy, httpProxy: o.proxy.httpProxy, noProxy: o.proxy.noProxy,
  });
}

const contexts = new Map<string, SecureContext>();

/**
 * One TLS context per CA list and minimum version, made once: given as `ca`, the list (the system's
 * ~140 roots and the run's CA) was parsed again for every connection the run opened, a tenth of a
 * worker's CPU against the reference. The allow-list probes (source-probe.ts) use it too: each built
 * its own, a quarter of a worker's CPU in a run with the probe on every operation (D46).
 */
export function secureContextOf(minVersion: 'TLSv1.2' | 'TLSv1.3', ca: readonly string[]): SecureContext {
  const key = `${minVersion}\n${ca.join('\n')}`;
  let context = contexts.get(key);
  if (!context) contexts.set(key, (context = createSecureContext({ minVersion, ca: [...ca] })));
  return context;
}

/** A proxy URL as printed anywhere: user and password masked, the rest kept (host and port are not secret). */
export function maskProxyUrl(url: string): string {
  try {
    const u = new URL(url);
    if (!u.username && !u.password) return url.replace(/\/$/, '');
    return `${u.protocol}//[proxyCredentials:***]@${u.host}`;
  } catch {
    return '[proxy:***]';
  }
}

/** The user name and password of a proxy URL, decoded: what the redactor must learn. */
export function proxyCredentials(url: string): string[] {
  try {
    const u = new URL(url);
    return [u.username, u.password].filter(Boolean).flatMap((v) => [v, decodeURIComponent(v)]);
  } catch {
    return [];
  }
}

/** One phrase for messages and the report: which proxy the run uses, masked. */
export function describeProxy(proxy: ProxySettings | undefined): string | undefined {
  const url = proxy?.httpsProxy || proxy?.httpProxy;
  if (!url) return undefined;
  return `${maskProxyUrl(url)}${proxy?.noProxy ? ` (hosts in NO_PROXY direct: ${proxy.noProxy})` : ''}`;
}
