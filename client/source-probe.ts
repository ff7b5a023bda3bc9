import { connect } from 'node:net';
import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import { Agent, request as undiciRequest } from './undici-parts.js';
import { minTlsVersion } from '../contract/token.js';
import { classifyError } from './classify.js';
import { wireBody, type CaseRequest, type Exchange } from './exchange.js';
import { attemptOf } from './attempts.js';
import { correlationHeader, requestUrl, toResponse } from './http-attempt.js';
import { secureContextOf } from './proxy.js';

export interface SourceProbeOptions {
  /** The local address the request leaves from (TARGET_PROBE_SOURCE_ADDRESS). */
  readonly localAddress: string;
  readonly caFile?: string;
  readonly timeoutMs: number;
}

/** The probe could not leave from that address: a local matter, it proves nothing about the target. */
const localBindFailure = /EADDRNOTAVAIL|EINVAL|EADDRINUSE|EAFNOSUPPORT/;

export interface SourceProbeResult {
  readonly exchange: Exchange;
  /** Set when the address could not be used on this machine. */
  readonly localFailure?: string;
}

/**
 * Sends one request from another local source address (allow-list probe, D25), on its own
 * connection, without retries: a refused or reset connection is an answer here.
 */
export async function sendFromSource(req: CaseRequest, options: SourceProbeOptions): Promise<SourceProbeResult> {
  const ca = options.caFile ? readFileSync(options.caFile, 'utf8') : undefined;
  // undici reads the source address from the Agent option; connect.localAddress is overridden.
  const agent = new Agent({
    localAddress: options.localAddress, connections: 1,
    connect: { timeout: options.timeoutMs, minVersion: minTlsVersion, ...(ca ? { secureContext: secureContextOf(minTlsVersion, [...rootCertificates, ca]) } : {}) },
  });
  const started = performance.now();
  const body = wireBody(req);
  const headers = { ...req.headers, [correlationHeader]: req.correlationId, ...(req.body !== undefined && req.rawBody === undefined ? { 'content-type': 'application/json' } : {}) };
  const took = () => Math.round(performance.now() - started);
  try {
    const res = await undiciRequest(requestUrl(req), {
      dispatcher: agent, method: req.method, headers, ...(body === undefined ? {} : { body }), signal: AbortSignal.timeout(options.timeoutMs),
    });
    const text = await res.body.text();
    const flat = Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v.join(', ') : String(v)]));
    const response = toResponse(res.statusCode, flat, text);
    return { exchange: { request: req, response, durationMs: took(), attempts: [attemptOf({ response }, 0, took())] } };
  } catch (error) {
    const transportError = classifyError(error);
    const exchange: Exchange = { request: req, transportError, durationMs: took(), attempts: [attemptOf({ transportError }, 0, took())] };
    return localBindFailure.test(transportError.message) ? { exchange, localFailure: transportError.message } : { exchange };
  } finally {
    await agent.close();
  }
}

/**
 * The local address this machine's connections to `host:port` leave from: the address the target
 * sees for the run's own requests, so one its allow list holds once a control request was served
 * (the forwarding-header probe names it, D46). Undefined when no connection could be made.
 */
export function ownSourceAddress(host: string, port: number, timeoutMs: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: timeoutMs });
    const done = (address: string | undefined) => {
      socket.destroy();
      resolve(address);
    };
    socket.once('connect', () => done(socket.localAddress?.replace(/^::ffff:/, '')));
    socket.once('timeout', () => done(undefined));
    socket.once('error', () => done(undefined));
  });
}
