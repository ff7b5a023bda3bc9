import { isIP, type Socket } from 'node:net';
import { connect as tlsConnect, type SecureVersion } from 'node:tls';
import { direct, type Endpoint, type Opener } from './tunnel.js';

export type { Endpoint } from './tunnel.js';

/**
 * Probes below HTTP for the transport suite (D26): one TLS handshake with a chosen protocol
 * range, and one plain-text HTTP request on the HTTPS port. Nothing sensitive is sent: the
 * handshake is closed as soon as it completes, and the plain request carries no credentials.
 */

/** Who ended a handshake that did not complete: only a server-caused failure proves anything. */
export type HandshakeFailureBy = 'server' | 'client' | 'network';

export interface HandshakeResult {
  readonly protocol?: string;
  readonly failure?: { readonly by: HandshakeFailureBy; readonly code: string; readonly message: string };
}

export interface HandshakeOptions {
  readonly minVersion: SecureVersion;
  readonly maxVersion: SecureVersion;
  /** OpenSSL cipher list; `DEFAULT@SECLEVEL=0` lets OpenSSL 3 offer TLS 1.0/1.1 at all. */
  readonly ciphers?: string;
  readonly timeoutMs: number;
}

/** Node/OpenSSL errors that mean the peer refused: an alert it sent, a reply outside the offered range, a hang-up. */
const serverSide = /alert|unsupported protocol|wrong version number|ECONNRESET|EPIPE|socket disconnected|socket hang up/i;
const networkSide = /ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN|ETIMEDOUT|timed out/i;

export function classifyHandshakeError(error: { code?: unknown; message?: unknown }, bytesWritten: number): HandshakeResult['failure'] {
  const code = typeof error.code === 'string' ? error.code : 'ERROR';
  const message = `${code} ${typeof error.message === 'string' ? error.message : ''}`.trim();
  if (networkSide.test(message)) return { by: 'network', code, message };
  // Nothing reached the wire: the client could not even offer the range (OpenSSL policy).
  if (bytesWritten === 0) return { by: 'client', code, message };
  return { by: serverSide.test(message) ? 'server' : 'client', code, message };
}

const servername = (host: string) => (isIP(host) ? {} : { servername: host });

/**
 * One TLS handshake. Certificates are not verified: the probe asks which protocol the server
 * agrees to, not who it is (the suites' requests verify identity with TARGET_CA_FILE).
 */
export function probeHandshake(endpoint: Endpoint, options: HandshakeOptions, open: Opener = direct): Promise<HandshakeResult> {
  return new Promise((resolve) => {
    open(endpoint, options.timeoutMs).then((raw: Socket) => {
      // A tunnel's CONNECT bytes are not the handshake: count what was written after it.
      const before = raw.bytesWritten;
      const written = () => raw.bytesWritten - before;
      const done = (r: HandshakeResult) => { raw.destroy(); resolve(r); };
      raw.setTimeout(options.timeoutMs, () => done({ failure: { by: 'network', code: 'ETIMEDOUT', message: `no handshake within ${options.timeoutMs} ms` } }));
      raw.once('error', (e) => done({ failure: classifyHandshakeError(e, written()) }));
      const tls = tlsConnect({
        socket: raw, ...servername(endpoint.host), rejectUnauthorized: false,
        minVersion: options.minVersion, maxVersion: options.maxVersion, ...(options.ciphers ? { ciphers: options.ciphers } : {}),
      });
      tls.once('secureConnect', () => { const protocol = tls.getProtocol() ?? undefined; tls.destroy(); done(protocol ? { protocol } : {}); });
      tls.once('error', (e) => { tls.destroy(); done({ failure: classifyHandshakeError(e, written()) }); });
    }, (e: Error) => resolve({ failure: classifyHandshakeError(e, 0) }));
  });
}

export interface PlainHttpResult {
  /** Status line of an HTTP answer; absent when none came (closed, reset, TLS bytes, silence). */
  readonly status?: number;
  readonly location?: string;
  /** What came back instead of HTTP, for the report. */
  readonly note: string;
  /** The TCP connection itself failed: the probe proves nothing. */
  readonly unreachable?: string;
}

/** Sends `GET / HTTP/1.1` in plain text to the HTTPS endpoint and reads the first answer bytes. */
export function probePlainHttp(endpoint: Endpoint, timeoutMs: number, open: Opener = direct): Promise<PlainHttpResult> {
  return new Promise((resolve) => {
    open(endpoint, timeoutMs).then((socket: Socket) => {
      const chunks: Buffer[] = [];
      const finish = (why: string) => {
        socket.destroy();
        const text = Buffer.concat(chunks).toString('latin1');
        const status = /^HTTP\/\d(?:\.\d)? (\d{3})/.exec(text)?.[1];
        const location = /\r\nlocation:[ \t]*([^\r\n]*)/i.exec(text)?.[1];
        if (status) return resolve({ status: Number(status), ...(location ? { location } : {}), note: text.split('\r\n')[0]! });
        resolve({ note: chunks.length ? `${why} after ${Buffer.concat(chunks).length} non-HTTP bytes` : why });
      };
      socket.setTimeout(timeoutMs, () => finish(`no answer within ${timeoutMs} ms`));
      socket.on('data', (c: Buffer) => { chunks.push(c); if (Buffer.concat(chunks).includes('\r\n\r\n')) finish('answered'); });
      socket.once('end', () => finish('connection closed by the server'));
      socket.once('error', (e: NodeJS.ErrnoException) => finish(`${e.code ?? 'ERROR'} ${e.message}`));
      const host = isIP(endpoint.host) === 6 ? `[${endpoint.host}]` : endpoint.host;
      socket.write(`GET / HTTP/1.1\r\nHost: ${host}:${endpoint.port}\r\nConnection: close\r\n\r\n`);
    }, (e: NodeJS.ErrnoException) => {
      // The TCP connection (or the proxy's tunnel) failed: the probe proves nothing.
      const why = `${e.code ?? 'ERROR'} ${e.message}`;
      resolve({ note: why, unreachable: why });
    });
  });
}
