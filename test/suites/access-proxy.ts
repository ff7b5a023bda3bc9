import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Agent, request as httpsRequest } from 'node:https';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { Duplex } from 'node:stream';
import { TLSSocket } from 'node:tls';
import { referenceCredentials } from '../../reference/tls.js';
import type { RunningReference } from '../../reference/server.js';

/**
 * An HTTPS proxy in front of the embedded reference for the access self-tests. It records the
 * status of every answer (the production-profile test reads them), and it can break the one
 * access rule the reference has no fault for, so its check is still shown to fail:
 * - `plain-http-served`: plain HTTP on the same port is forwarded too (HTTPS-ONLY); the reference
 *   listens with TLS only, and serving both on one port is what a proxy in front does.
 * It serves the reference's own certificate, so TARGET_CA_FILE stays the reference CA.
 */
export type ProxyFault = 'plain-http-served';

export interface Answered { readonly method: string; readonly path: string; readonly status: number; readonly tls: boolean }

export interface AccessProxy {
  readonly url: string;
  readonly answered: readonly Answered[];
  /** TARGET_* variables pointing a run at the proxy. */
  readonly env: Record<string, string>;
  close(): Promise<void>;
}

const hopByHop = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host']);

export async function startAccessProxy(reference: RunningReference, faults: readonly ProxyFault[] = []): Promise<AccessProxy> {
  const credentials = referenceCredentials();
  const agent = new Agent({ keepAlive: true, ca: reference.caPem });
  const upstream = new URL(reference.baseUrl);
  const answered: Answered[] = [];
  const sockets = new Set<Socket>();

  const reply = (req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string>, body: Buffer | string) => {
    answered.push({ method: req.method ?? '', path: (req.url ?? '/').split('?')[0]!, status, tls: (req.socket as { encrypted?: boolean }).encrypted === true });
    res.writeHead(status, { ...headers, 'content-length': String(Buffer.byteLength(body)) }).end(body);
  };
  const problem = (req: IncomingMessage, res: ServerResponse, status: number, detail: string, extra: Record<string, string> = {}) =>
    reply(req, res, status, { 'content-type': 'application/problem+json', ...extra }, JSON.stringify({ type: 'about:blank', title: 'Injected by the access proxy', status, detail, instance: req.url }));

  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !hopByHop.has(k)));
    const out = httpsRequest({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...headers, 'content-length': String(body.length) }, agent }, (up) => {
      const chunks: Buffer[] = [];
      up.on('data', (c: Buffer) => chunks.push(c));
      up.on('end', () => {
        const kept = Object.entries(up.headers).filter(([k, v]) => !hopByHop.has(k) && typeof v === 'string') as Array<[string, string]>;
        reply(req, res, up.statusCode ?? 502, Object.fromEntries(kept), Buffer.concat(chunks));
      });
    });
    out.on('error', (e) => problem(req, res, 502, e.message));
    out.end(body);
  };

  const handle = (req: IncomingMessage, res: ServerResponse, body: Buffer) => forward(req, res, body);

  const http = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks)));
  });
  // One port for both: a TLS ClientHello starts with 0x16; anything else is plain HTTP, served only under the fault.
  const server = createNetServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.once('data', (first: Buffer) => {
      const tls = first[0] === 0x16;
      if (!tls && !faults.includes('plain-http-served')) return void socket.destroy();
      // The byte read to decide is handed on through a stream that replays it (TLSSocket cannot take it back from a socket).
      const replay = new Duplex({
        read: () => void socket.resume(),
        write: (chunk: Buffer, _e, done) => void socket.write(chunk, done),
        final: (done) => { socket.end(); done(); },
        destroy: (error, done) => { socket.destroy(); done(error); },
      });
      socket.on('data', (d: Buffer) => { if (!replay.push(d)) socket.pause(); });
      socket.on('end', () => replay.push(null));
      replay.push(first);
      const stream = tls ? new TLSSocket(replay, { isServer: true, key: credentials.keyPem, cert: credentials.certPem, minVersion: 'TLSv1.2' }) : replay;
      stream.on('error', () => undefined);
      http.emit('connection', stream);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url, answered,
    env: {
      TARGET_BASE_URL: url, TARGET_AUTH_URL: `${url}${new URL(reference.authUrl).pathname}`, TARGET_CA_FILE: reference.caFile,
      TARGET_CLIENT_ID: reference.clientId, TARGET_CLIENT_SECRET: reference.clientSecret, TARGET_SCOPE_BASE: reference.scopeBase,
    },
    async close() {
      for (const s of sockets) s.destroy();
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
