import { connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import type { ProxySettings } from '../contract/proxy-settings.js';

/**
 * A raw TCP path to the target for the transport suite's probes (TLS handshakes, plain HTTP):
 * direct, or a CONNECT tunnel through the run's proxy, as undici's EnvHttpProxyAgent takes the
 * suites' requests (issue 29). Behind a proxy the target is often reachable only through it,
 * and a direct probe would read the network, not the target. The tunnel carries bytes, so the
 * TLS handshake still runs end to end with the target.
 */
export interface Endpoint {
  readonly host: string;
  readonly port: number;
}

export type Opener = (endpoint: Endpoint, timeoutMs: number) => Promise<Socket>;

/** How the probes reach an endpoint, and the words the report uses for it. */
export interface ProbePath {
  readonly open: Opener;
  readonly via: string;
}

/**
 * NO_PROXY as undici (and curl) read it: `*` for every host; otherwise entries split by commas
 * or spaces, an optional `:port`; a leading `.` or `*.` matches the domain's hosts, any other
 * entry the host itself.
 */
export function bypassesProxy(noProxy: string, endpoint: Endpoint): boolean {
  if (noProxy.trim() === '*') return true;
  return noProxy.split(/[,\s]+/).filter(Boolean).some((entry) => {
    const m = /^(.*?)(?::(\d+))?$/.exec(entry.toLowerCase().replace(/^\[|\](?=:|$)/g, ''))!;
    const [, host = '', port] = m;
    if (port && Number(port) !== endpoint.port) return false;
    const target = endpoint.host.toLowerCase();
    return /^[.*]/.test(host) ? target.endsWith(host.replace(/^\*/, '')) : target === host;
  });
}

export const direct: Opener = (endpoint, timeoutMs) => new Promise((resolve, reject) => {
  const socket = netConnect({ host: endpoint.host, port: endpoint.port });
  const fail = (error: Error) => { socket.destroy(); reject(error); };
  socket.setTimeout(timeoutMs, () => fail(Object.assign(new Error(`no connection within ${timeoutMs} ms`), { code: 'ETIMEDOUT' })));
  socket.once('error', fail);
  socket.once('connect', () => { socket.setTimeout(0); socket.removeListener('error', fail); resolve(socket); });
});

/** `CONNECT host:port` through `proxyUrl` (http:// or https://), with its credentials as Basic. */
export function tunnelThrough(proxyUrl: string): Opener {
  const proxy = new URL(proxyUrl);
  const auth = proxy.username || proxy.password
    ? `Proxy-Authorization: Basic ${Buffer.from(`${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`).toString('base64')}\r\n` : '';
  const port = Number(proxy.port || (proxy.protocol === 'https:' ? 443 : 80));
  const host = proxy.hostname.replace(/^\[|\]$/g, '');
  return (endpoint, timeoutMs) => new Promise((resolve, reject) => {
    const socket = proxy.protocol === 'https:' ? tlsConnect({ host, port, servername: host }) : netConnect({ host, port });
    const fail = (error: Error) => { socket.destroy(); reject(error); };
    socket.setTimeout(timeoutMs, () => fail(Object.assign(new Error(`the proxy opened no tunnel within ${timeoutMs} ms`), { code: 'ETIMEDOUT' })));
    socket.once('error', fail);
    socket.once(proxy.protocol === 'https:' ? 'secureConnect' : 'connect', () => {
      const authority = endpoint.host.includes(':') ? `[${endpoint.host}]:${endpoint.port}` : `${endpoint.host}:${endpoint.port}`;
      socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n${auth}\r\n`);
    });
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.removeListener('data', onData);
      const status = Number(/^HTTP\/\d(?:\.\d)? (\d{3})/.exec(head.toString('latin1'))?.[1] ?? 0);
      // A proxy that refuses the tunnel: the network's answer, never the target's (a network failure of the probe).
      if (status !== 200) return fail(Object.assign(new Error(`the proxy refused the tunnel to ${authorityOf(endpoint)} (HTTP ${status || 'no status'})`), { code: 'ECONNREFUSED' }));
      socket.setTimeout(0);
      socket.removeListener('error', fail);
      if (head.length > end + 4) socket.unshift(head.subarray(end + 4));
      resolve(socket);
    };
    socket.on('data', onData);
  });
}

const authorityOf = (e: Endpoint) => `${e.host}:${e.port}`;

/** The probes' path to `endpoint`: the https proxy unless NO_PROXY names it, else direct. */
export function probePath(proxy: ProxySettings | undefined, endpoint: Endpoint, describe: (url: string) => string): ProbePath {
  if (!proxy?.httpsProxy || bypassesProxy(proxy.noProxy, endpoint)) return { open: direct, via: 'direct' };
  return { open: tunnelThrough(proxy.httpsProxy), via: `through the proxy ${describe(proxy.httpsProxy)}` };
}
