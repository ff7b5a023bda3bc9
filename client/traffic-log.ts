import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { wireBody, type CaseRequest, type Exchange } from './exchange.js';
import { outgoingHeaders, requestUrl } from './http-attempt.js';

/**
 * The run's own traffic as HAR 1.2 entries (`partner-conformance audit` reads them back). Every
 * attempt that went over the wire is one entry, retries too, exactly as sent and received: like a
 * HAR exported from a browser or a proxy it holds tokens, secrets and personal data unmasked, so it
 * is written only where CONFORMANCE_RECORD_TRAFFIC names, never under REPORT_DIR.
 */
export const trafficDirVariable = 'CONFORMANCE_RECORD_TRAFFIC';

/** Each process appends its own file (one entry a line); the run merges them at the end. */
const partPrefix = 'traffic-';
export const trafficHarName = 'traffic.har';

export interface TrafficLog {
  /** One attempt: the request, what came back, when it left (epoch ms) and how long it took. */
  record(request: CaseRequest, result: Pick<Exchange, 'response' | 'transportError'>, startedAt: number, durationMs: number): void;
}

type NameValue = { name: string; value: string };
const pairs = (record: Readonly<Record<string, string>>): NameValue[] => Object.entries(record).map(([name, value]) => ({ name, value }));

/** One attempt as a HAR 1.2 entry; a transport failure is status 0 with `_error`, as browsers export it. */
export function harEntry(request: CaseRequest, result: Pick<Exchange, 'response' | 'transportError'>, startedAt: number, durationMs: number): object {
  const headers = outgoingHeaders(request);
  const body = wireBody(request);
  const type = Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? '';
  const response = result.response;
  const text = response?.bodyText ?? '';
  return {
    startedDateTime: new Date(startedAt).toISOString(),
    // startedDateTime keeps whole milliseconds, too coarse to order two processes' requests to one
    // customer: the audit orders by this microsecond start where a recording has it (audit/entries.ts).
    _startedAtMs: Math.round(startedAt * 1000) / 1000,
    time: Math.round(durationMs * 1000) / 1000,
    request: {
      method: request.method, url: requestUrl(request), httpVersion: 'HTTP/1.1', cookies: [], headers: pairs(headers),
      queryString: pairs(request.query), headersSize: -1, bodySize: body === undefined ? 0 : Buffer.byteLength(body),
      ...(body === undefined ? {} : { postData: { mimeType: type, text: body } }),
    },
    response: {
      status: response?.status ?? 0, statusText: '', httpVersion: 'HTTP/1.1', cookies: [], headers: pairs(response?.headers ?? {}),
      content: { size: Buffer.byteLength(text), mimeType: response?.headers['content-type'] ?? '', text },
      redirectURL: '', headersSize: -1, bodySize: Buffer.byteLength(text),
    },
    cache: {},
    timings: { send: 0, wait: Math.round(durationMs * 1000) / 1000, receive: 0 },
    ...(result.transportError ? { _error: `${result.transportError.code}: ${result.transportError.message}` } : {}),
  };
}

export function fileTrafficLog(dir: string): TrafficLog {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${partPrefix}${process.pid}.jsonl`);
  return { record: (...args) => appendFileSync(file, `${JSON.stringify(harEntry(...args))}\n`, 'utf8') };
}

let processLog: TrafficLog | null | undefined;

/**
 * This process's traffic log when CONFORMANCE_RECORD_TRAFFIC is set and it is a vitest worker of
 * the run (the suites' traffic; the parent's preflight and the embedded reference's set-up calls
 * are the harness's own business); else none.
 */
export function processTrafficLog(env: NodeJS.ProcessEnv = process.env): TrafficLog | undefined {
  if (processLog === undefined) processLog = env[trafficDirVariable] && env.VITEST_POOL_ID ? fileTrafficLog(env[trafficDirVariable]!) : null;
  return processLog ?? undefined;
}

const partsIn = (dir: string): string[] =>
  existsSync(dir) ? readdirSync(dir).filter((n) => n.startsWith(partPrefix) && n.endsWith('.jsonl')).sort() : [];

/** Removes the per-process parts of an earlier run that never merged them (killed). */
export function clearTrafficParts(dir: string): void {
  for (const name of partsIn(dir)) rmSync(join(dir, name), { force: true });
}

/**
 * Merges the processes' entries into `<dir>/traffic.har`, oldest first, and removes the parts.
 * Returns the file and its number of entries, or undefined when nothing was recorded.
 */
export function writeTrafficHar(dir: string, creator: { name: string; version: string }): { file: string; entries: number } | undefined {
  const parts = partsIn(dir);
  if (parts.length === 0) return undefined;
  const entries = parts.flatMap((name) => readFileSync(join(dir, name), 'utf8').split('\n').filter((l) => l.trim() !== '').flatMap((line) => {
    try {
      return [JSON.parse(line) as { startedDateTime: string; _startedAtMs?: number }];
    } catch {
      return []; // a line cut short by a killed worker
    }
  }));
  const start = (e: { startedDateTime: string; _startedAtMs?: number }) => e._startedAtMs ?? Date.parse(e.startedDateTime);
  entries.sort((a, b) => start(a) - start(b));
  const file = join(dir, trafficHarName);
  writeFileSync(file, JSON.stringify({ log: { version: '1.2', creator, entries } }), 'utf8');
  for (const name of parts) rmSync(join(dir, name), { force: true });
  return { file, entries: entries.length };
}
