import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReference, type RunningReference } from '../../reference/server.js';

/**
 * The example partner clients (examples/) against a plain reference: no injected answers, so
 * every call they make must succeed — proof that their payloads are valid for the contract
 * and that any certificate they earn from the sandbox is about their habits, not their data.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const rounds = 2;
const steps = ['FindCustomer', 'EnrollCustomer', 'GetRegisteredCards', 'AddOrUpdateCard', 'AddOrUpdateTokenizedCard', 'AuthenticateOBO',
  'GetTransactionHistory', 'AddCustomerAttributes', 'AddSessionAttributes', 'DeleteCard'];

interface Call { round: number; operation: string; status: string; code: string }
interface ClientRun { exitCode: number | null; stdout: string; stderr: string; calls: Call[] }

let reference: RunningReference;
const runs = new Map<string, ClientRun>();
beforeAll(async () => {
  reference = await startReference();
  for (const name of ['careful-client', 'careless-client']) runs.set(name, await runClient(name));
}, 90_000);
afterAll(async () => { await reference?.close(); });

async function runClient(name: string): Promise<ClientRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', `examples/${name}.ts`], {
    cwd: root,
    env: {
      ...process.env, TARGET_BASE_URL: reference.baseUrl, TARGET_AUTH_URL: reference.authUrl, TARGET_CLIENT_ID: reference.clientId,
      TARGET_CLIENT_SECRET: reference.clientSecret, TARGET_CA_FILE: reference.caFile, CLIENT_ROUNDS: String(rounds), CLIENT_RATE: '200',
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => { stdout += String(d); });
  child.stderr.on('data', (d) => { stderr += String(d); });
  const exitCode = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const calls = stdout.split('\n').flatMap((line) => {
    const m = /^(\d+) (\w+) (\S+) ?(\S*)$/.exec(line);
    return m ? [{ round: Number(m[1]), operation: m[2]!, status: m[3]!, code: m[4]! }] : [];
  });
  return { exitCode, stdout, stderr, calls };
}

const partnerCalls = (run: ClientRun) => run.calls.filter((c) => c.operation !== 'token');
/** Round one looks up a customer nobody enrolled yet: the documented "not found" is its answer (D8 default). */
const expectedNotFound = (c: Call) => c.round === 1 && c.operation === 'FindCustomer';

describe.each(['careful-client', 'careless-client'])('%s against a plain reference', (name) => {
  let run: ClientRun;
  beforeAll(() => { run = runs.get(name)!; });

  it('exits 0 and walks every step of every round', () => {
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    for (let round = 1; round <= rounds; round += 1)
      expect([...new Set(partnerCalls(run).filter((c) => c.round === round && c.operation !== 'AuthenticatePartner').map((c) => c.operation))]).toEqual(steps);
  });

  it('gets a 2xx for every call but round one\'s lookup, which is CUSTOMER_NOT_FOUND', () => {
    const failed = run.calls.filter((c) => !expectedNotFound(c) && !/^2\d\d$/.test(c.status));
    expect(failed).toEqual([]);
    expect(run.calls.filter(expectedNotFound).map((c) => `${c.status} ${c.code}`)).toContain('422 CUSTOMER_NOT_FOUND');
  });

  it('opens one session and keeps it', () => {
    expect(partnerCalls(run).filter((c) => c.operation === 'AuthenticatePartner')).toEqual([{ round: 1, operation: 'AuthenticatePartner', status: '200', code: '' }]);
  });

  it('prints no secret', () => {
    expect(run.stdout).not.toContain(reference.clientSecret);
  });
});

describe('the two habits that tell the clients apart, already visible on a plain reference', () => {
  it('the careful client fetches one token and never repeats a 422; the careless one fetches a token per call and repeats it three times', () => {
    const careful = runs.get('careful-client')!;
    const careless = runs.get('careless-client')!;
    expect(careful.calls.filter((c) => c.operation === 'token')).toHaveLength(1);
    expect(careful.calls.filter(expectedNotFound)).toHaveLength(1);
    expect(careless.calls.filter((c) => c.operation === 'token')).toHaveLength(partnerCalls(careless).length);
    expect(careless.calls.filter(expectedNotFound)).toHaveLength(4);
  });
});
