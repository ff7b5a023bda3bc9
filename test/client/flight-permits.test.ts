import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { flightPermits, startFlightServer, type FlightServer } from '../../client/flight-permits.js';
import { createConcurrencyLimit } from '../../client/limits.js';

/** The run's permits (issue 29): TARGET_CONCURRENCY held by bin/conformance, drawn on by every worker. */
let server: FlightServer | undefined;
let dir: string | undefined;
afterEach(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  server = dir = undefined;
});

async function permitsOf(max: number) {
  dir = mkdtempSync(join(tmpdir(), 'pc-permits-'));
  const path = join(dir, 'permits.sock');
  server = await startFlightServer(max, path);
  return path;
}

/** `tasks` tasks of `ms` each through `limits`, counting how many ran at once across all of them. */
async function load(limits: ReturnType<typeof createConcurrencyLimit>[], tasks: number, ms = 20) {
  let now = 0;
  let most = 0;
  const task = async () => {
    most = Math.max(most, ++now);
    await new Promise((resolve) => setTimeout(resolve, ms));
    now--;
  };
  await Promise.all(Array.from({ length: tasks }, (_, i) => limits[i % limits.length]!.run(task)));
  return most;
}

describe('the run\'s in-flight permits', () => {
  it('bounds the tasks of several workers together, each worker free to use every permit', async () => {
    const path = await permitsOf(3);
    const workers = [0, 1, 2, 3].map(() => createConcurrencyLimit(3, flightPermits(path)));
    expect(await load(workers, 24)).toBe(3);
    // One worker alone uses all three.
    expect(await load([workers[0]!], 9)).toBe(3);
  });

  it('grants a together() pair at once, so its two requests are in flight together while others wait', async () => {
    const path = await permitsOf(2);
    const busy = createConcurrencyLimit(2, flightPermits(path));
    const pair = createConcurrencyLimit(2, flightPermits(path));
    const others = load([busy], 10, 15);
    let together = 0;
    let most = 0;
    const one = () => pair.run(async () => {
      most = Math.max(most, ++together);
      await new Promise((resolve) => setTimeout(resolve, 30));
      together--;
    });
    await pair.together(2, () => Promise.all([one(), one()]));
    expect(most).toBe(2);
    expect(await others).toBeLessThanOrEqual(2);
  });

  it('takes back what a worker held when its socket closes', async () => {
    const path = await permitsOf(1);
    const { connect } = await import('node:net');
    const dying = connect(path);
    await new Promise((resolve) => dying.once('connect', resolve));
    dying.write('a 1\n');
    await new Promise((resolve) => dying.once('data', resolve));
    dying.destroy();
    expect(await load([createConcurrencyLimit(1, flightPermits(path))], 2, 5)).toBe(1);
  });

  it('says in one sentence that the permits could not be reached', async () => {
    const limit = createConcurrencyLimit(1, flightPermits(join(tmpdir(), 'pc-no-such-permits.sock')));
    await expect(limit.run(async () => 1)).rejects.toThrow(/concurrency permits at .* could not be reached .*npm run conformance/);
  });
});
