import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pooledCustomer, PoolUnavailable, type PoolOptions } from '../../suites/lib/state/customer-pool.js';

/**
 * The run's pooled customer across workers (issue 22, small blast radius): a refusal is shared, so
 * every worker reports the same gap; transport trouble is not: the lock is released and the next
 * asker makes the customer, instead of every dependent row reading blocked.
 */
const customer = { customerId: 'c-1', ssn: '123456789', dateOfBirth: '1990-04-01' };
class Broken extends Error { readonly code = 'SETUP_BROKEN'; }

function options(dir: string, make: PoolOptions['make']): PoolOptions {
  return { dir, make, failureOf: (e) => ({ message: String((e as Error).message) }), transient: (e) => e instanceof Broken, waitMs: 2_000 };
}

describe('pooledCustomer', () => {
  it('is made again by the next asker after transport trouble', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pc-pool-'));
    await expect(pooledCustomer(options(dir, async () => { throw new Broken('EnrollCustomer: CONNECTION_RESET'); }))).rejects.toBeInstanceOf(Broken);
    await expect(pooledCustomer(options(dir, async () => customer))).resolves.toEqual({ customer, made: true });
    await expect(pooledCustomer(options(dir, async () => { throw new Error('not asked again'); }))).resolves.toEqual({ customer, made: false });
  });

  it('shares a refusal with every worker, which then does not ask the target again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pc-pool-'));
    await expect(pooledCustomer(options(dir, async () => { throw new Error('EnrollCustomer refused the identity (422)'); }))).rejects.toThrow('refused');
    await expect(pooledCustomer(options(dir, async () => customer))).rejects.toBeInstanceOf(PoolUnavailable);
  });

  it('lets a waiting worker take over when the maker gives up on transport trouble', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pc-pool-'));
    let release!: () => void;
    const maker = pooledCustomer(options(dir, () => new Promise((_, reject) => { release = () => reject(new Broken('TIMEOUT')); })));
    const waiter = pooledCustomer(options(dir, async () => customer));
    release();
    await expect(maker).rejects.toBeInstanceOf(Broken);
    await expect(waiter).resolves.toEqual({ customer, made: true });
  });
});
