import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { TLSSocket } from 'node:tls';
import { referenceCredentials } from '../../reference/tls.js';
import { referenceTargetEnv } from '../../bin/target.js';
import type { RunningReference } from '../../reference/server.js';

/**
 * A fault-injecting HTTPS proxy for self-tests: it terminates TLS with the reference's own
 * certificate (so TARGET_CA_FILE stays the reference CA), forwards to the embedded reference,
 * and breaks the requests its rules select the way a shared sandbox does on a bad night.
 * It also counts what reaches it: arrival times and the most requests in flight at once.
 */
export type FaultMode =
  | 'refuse'              // stop listening and drop every connection: later connects are refused
  | 'reset'               // status, headers and half the body, then a TCP RST
  | 'slow'                // hold the answer back for delayMs (beyond the harness timeout)
  | 'rate-limit'          // 429 with Retry-After, without asking the reference
  | 'unavailable'         // 503 (Retry-After when given), without asking the reference
  | 'truncate'            // the declared Content-Length, half the body, then a clean close
  | 'wrong-content-type'; // the reference's answer labelled text/plain

export interface FaultRule {
  readonly mode: FaultMode;
  /** Requests whose path contains this (default: every request). */
  readonly path?: string;
  /** Matching requests let through before the fault starts (default 0). */
  readonly after?: number;
  /** Matching requests the fault hits before it stops (default: all of them). */
  readonly times?: number;
  /** slow: how long the answer is held back (default 30 s). */
  readonly delayMs?: number;
  /** rate-limit (default "1") and unavailable (default none): the Retry-After value. */
  readonly retryAfter?: string;
}

export interface ProxiedRequest {
  readonly method: string; readonly path: string; readonly at: number; readonly fault?: FaultMode;
  /** The client's x-correlation-id: a retry carries its first attempt's. */
  readonly correlationId?: string;
}

export interface FaultProxy {
  readonly url: string;
  /** Every request that reached the proxy, in arrival order (at: Date.now()). */
  readonly requests: readonly ProxiedRequest[];
  /** The most requests in flight at once: from arrival until the answer was written or dropped. */
  readonly maxInFlight: number;
  injected(mode: FaultMode): number;
  close(): Promise<void>;
}

interface Upstream { readonly baseUrl: string; readonly caPem: string }

interface Answer { status: number; headers: Record<string, string>; body: Buffer }

const hopByHop = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host']);

export async function startFaultProxy(upstream: Upstream, rules: readonly FaultRule[] = []): Promise<FaultProxy> {
  const tls = referenceCredentials();
  const agent = new HttpsAgent({ keepAlive: true, ca: upstream.caPem });
  const target = new URL(upstream.baseUrl);
  const raw = new WeakMap<object, Socket>();
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const seen = rules.map(() => 0);
  const requests: ProxiedRequest[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => { timers.delete(t); fn(); }, ms);
    timers.add(t);
  };

  const pick = (path: string): FaultRule | undefined => {
    let hit: FaultRule | undefined;
    rules.forEach((rule, i) => {
      if (rule.path !== undefined && !path.includes(rule.path)) return;
      const n = ++seen[i]!;
      const after = rule.after ?? 0;
      if (!hit && n > after && (rule.times === undefined || n <= after + rule.times)) hit = rule;
    });
    return hit;
  };

  const forward = (req: IncomingMessage, body: Buffer): Promise<Answer> => new Promise((resolve, reject) => {
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !hopByHop.has(k)));
    const out = httpsRequest({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...headers, 'content-length': String(body.length) }, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({
        status: res.statusCode ?? 502,
        headers: Object.fromEntries(Object.entries(res.headers).filter(([k, v]) => !hopByHop.has(k) && typeof v === 'string')) as Record<string, string>,
        body: Buffer.concat(chunks),
      }));
      res.on('error', reject);
    });
    out.on('error', reject);
    out.end(body);
  });

  const problem = (res: ServerResponse, status: number, title: string, retryAfter: string | undefined) => {
    const body = JSON.stringify({ type: 'about:blank', title, status });
    res.writeHead(status, { 'content-type': 'application/problem+json', 'content-length': String(Buffer.byteLength(body)), ...(retryAfter ? { 'retry-after': retryAfter } : {}) });
    res.end(body);
  };

  const answer = (req: IncomingMessage, res: ServerResponse, a: Answer, rule: FaultRule | undefined) => {
    if (res.destroyed) return;
    const half = a.body.subarray(0, Math.floor(a.body.length / 2));
    const headers: Record<string, string> = { ...a.headers, 'content-length': String(a.body.length) };
    if (rule?.mode === 'wrong-content-type') headers['content-type'] = 'text/plain; charset=utf-8';
    if (rule?.mode !== 'reset' && rule?.mode !== 'truncate') return void res.writeHead(a.status, headers).end(a.body);
    res.writeHead(a.status, headers);
    // A moment for the client to read the status and headers: the cut comes mid-response.
    res.write(half, () => later(200, () => (rule.mode === 'reset' ? raw.get(req.socket)?.resetAndDestroy() : req.socket.end())));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const path = req.url ?? '/';
    const rule = pick(path);
    const correlationId = req.headers['x-correlation-id'];
    requests.push({ method: req.method ?? '', path, at: Date.now(), ...(rule ? { fault: rule.mode } : {}), ...(typeof correlationId === 'string' ? { correlationId } : {}) });
    if (rule?.mode === 'refuse') {
      server.close();
      for (const s of sockets) s.resetAndDestroy();
      return;
    }
    if (rule?.mode === 'rate-limit') return problem(res, 429, 'Too Many Requests', rule.retryAfter ?? '1');
    if (rule?.mode === 'unavailable') return problem(res, 503, 'Service Unavailable', rule.retryAfter);
    if (rule?.mode === 'slow') await new Promise<void>((resolve) => later(rule.delayMs ?? 30_000, resolve));
    if (res.destroyed) return;
    answer(req, res, await forward(req, body), rule);
  };

  const http = createHttpServer((req, res) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on('close', () => { inFlight--; });
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      handle(req, res, Buffer.concat(chunks)).catch((error: unknown) => {
        if (!res.headersSent) problem(res, 502, `Bad Gateway: ${(error as Error).message}`, undefined);
      });
    });
  });
  const server = createNetServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    const secure = new TLSSocket(socket, { isServer: true, key: tls.keyPem, cert: tls.certPem, minVersion: 'TLSv1.2' });
    secure.on('error', () => undefined);
    raw.set(secure, socket);
    http.emit('connection', secure);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `https://127.0.0.1:${port}`,
    requests,
    get maxInFlight() { return maxInFlight; },
    injected: (mode) => requests.filter((r) => r.fault === mode).length,
    async close() {
      for (const t of timers) clearTimeout(t);
      for (const s of sockets) s.destroy();
      agent.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The TARGET_* variables that point a conformance run at `proxy` in front of `reference`. */
export function proxiedTargetEnv(reference: RunningReference, proxy: FaultProxy): Record<string, string> {
  return referenceTargetEnv(reference, proxy.url);
}
