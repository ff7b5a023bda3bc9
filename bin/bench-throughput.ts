import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import fc from 'fast-check';
import { operation } from '../contract/index.js';
import { loadProfile } from '../contract/profile.js';
import { createPartnerClient, type PartnerClient, type Session } from '../client/index.js';
import { validPayload } from '../generators/index.js';

/**
 * Exchanges per second on one reference operation: the harness (client.call: token cache,
 * session headers, limits, redaction learning, recorder, response normalisation) next to
 * autocannon sending the very same request (method, URL, headers, body) over as many
 * connections as the harness has requests in flight. The reference runs in its own process,
 * so neither side shares an event loop with it; the two sides take turns, never overlap.
 */
export interface ThroughputResult {
  readonly operation: string;
  readonly concurrency: number;
  readonly seconds: number;
  readonly harness: number;
  readonly autocannon: number;
  /** Status codes each side received (they must be the same). */
  readonly statuses: { readonly harness: string[]; readonly autocannon: string[] };
  readonly rounds: ReadonlyArray<{ readonly harness: number; readonly autocannon: number }>;
}

interface ReferenceProcess { readonly env: Record<string, string>; readonly child: ChildProcess }

/** `npm run reference` in a child process; its printed addresses and credentials as TARGET_* variables. */
async function startReferenceProcess(): Promise<ReferenceProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/reference.ts'], { env: { ...process.env, REFERENCE_FAULTS: '', REFERENCE_PORT: '' }, stdio: ['ignore', 'pipe', 'inherit'] });
  const fields: Record<string, string> = {};
  const names: Record<string, string> = { 'base URL': 'TARGET_BASE_URL', 'token URL': 'TARGET_AUTH_URL', 'client id': 'TARGET_CLIENT_ID', 'client secret': 'TARGET_CLIENT_SECRET', 'CA file': 'TARGET_CA_FILE' };
  for await (const line of createInterface({ input: child.stdout! })) {
    const m = /^\s+([A-Za-z ]+):\s+(\S+)$/.exec(line);
    if (m && names[m[1]!]) fields[names[m[1]!]!] = m[2]!;
    if (line.startsWith('Press Ctrl-C')) break;
  }
  if (Object.keys(fields).length !== Object.keys(names).length) throw new Error(`bin/reference.ts must print the target's addresses and credentials, received ${JSON.stringify(Object.keys(fields))}`);
  return { env: fields, child };
}

async function harnessRate(client: PartnerClient, session: Session, body: Record<string, unknown>, concurrency: number, seconds: number, statuses: Set<string>): Promise<number> {
  let done = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (performance.now() < until) {
      const x = await client.call('FindCustomer', { body }, { session });
      statuses.add(x.transportError?.code ?? String(x.response?.status));
      if (!x.transportError) done++;
    }
  }));
  return done / ((performance.now() - started) / 1000);
}

export async function measureThroughput(options: { concurrency: number; seconds: number; rounds: number }): Promise<ThroughputResult> {
  const reference = await startReferenceProcess();
  // The rate limit is a policy (default 200/s); here the harness's own cost is measured, so it is lifted.
  const profile = loadProfile({ ...reference.env, TARGET_CONCURRENCY: String(options.concurrency), TARGET_RATE_LIMIT: '1000000' });
  const client = createPartnerClient({ profile, target: profile.target! });
  try {
    const session = await client.openSession();
    const body = fc.sample(validPayload(operation('FindCustomer'), { includeOptional: false }), { seed: 7, numRuns: 1 })[0]!.body!;
    const probe = await client.call('FindCustomer', { body }, { session });
    if (!probe.response) throw new Error(`FindCustomer must answer the bench's request, received ${probe.transportError?.message}`);
    const request = probe.request;
    const cannon = () => autocannon({
      url: `${request.url}`, method: request.method, body: JSON.stringify(body),
      // The same headers the transport sends: the client's, the content type and a correlation id.
      headers: { ...request.headers, 'content-type': 'application/json', 'x-correlation-id': request.correlationId },
      connections: options.concurrency, pipelining: 1, duration: options.seconds,
    });
    const statuses = { harness: new Set<string>(), autocannon: new Set<string>() };
    await harnessRate(client, session, body, options.concurrency, 1, new Set());
    await autocannon({ url: request.url, method: request.method, body: JSON.stringify(body), headers: { ...request.headers, 'content-type': 'application/json' }, connections: options.concurrency, duration: 1 });
    const rounds: Array<{ harness: number; autocannon: number }> = [];
    const autocannonRate = async () => {
      const ac = await cannon();
      Object.keys(ac.statusCodeStats).forEach((s) => statuses.autocannon.add(s));
      if (ac.errors > 0) statuses.autocannon.add(`${ac.errors} errors`);
      return ac.requests.total / ac.duration;
    };
    const ownRate = () => harnessRate(client, session, body, options.concurrency, options.seconds, statuses.harness);
    for (let i = 0; i < options.rounds; i++) {
      // Who goes first alternates, so a drift in the machine's load favours neither side.
      if (i % 2 === 0) rounds.push({ autocannon: await autocannonRate(), harness: await ownRate() });
      else {
        const harness = await ownRate();
        rounds.push({ harness, autocannon: await autocannonRate() });
      }
    }
    const mean = (k: 'harness' | 'autocannon') => rounds.reduce((s, r) => s + r[k], 0) / rounds.length;
    return {
      operation: 'FindCustomer', concurrency: options.concurrency, seconds: options.seconds,
      harness: mean('harness'), autocannon: mean('autocannon'),
      statuses: { harness: [...statuses.harness].sort(), autocannon: [...statuses.autocannon].sort() },
      rounds,
    };
  } finally {
    await client.close();
    reference.child.kill('SIGTERM');
  }
}
