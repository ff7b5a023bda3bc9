import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBench, type Bench } from './harness.js';

/**
 * The two allowed sides of a number the document gives no maximum (operator number-beyond-int-limits):
 * the default reference takes a count past 32 bits, the reading `numbers-within-int32` refuses it
 * with 400 naming the value, and both keep a count within 32 bits.
 */
async function countStatus(b: Bench, value: string) {
  const { customerId, payload } = await b.enroll();
  const items = [['CustomerId', customerId], ['SSN', String(payload.ssn)], ['TotalNumberOfCustomers', value]].map(([name, v]) => ({ name, value: v }));
  const r = await b.call('AddCustomerAttributes', { body: { customerAttributes: items } });
  return { status: r.status, keys: ((r.body?.validationErrors ?? []) as Array<{ key: string }>).map((e) => e.key) };
}

describe('numbers without a documented maximum', () => {
  let plain: Bench;
  let bounded: Bench;
  beforeAll(async () => { [plain, bounded] = await Promise.all([startBench(), startBench([], ['numbers-within-int32'])]); });
  afterAll(async () => { await Promise.all([plain.close(), bounded.close()]); });

  it('are taken past 32 bits by default', async () => {
    expect((await countStatus(plain, '2147483648')).status).toBe(200);
  });

  it('are refused past 32 bits under numbers-within-int32, naming the value', async () => {
    expect(await countStatus(bounded, '2147483648')).toEqual({ status: 400, keys: ['command.CustomerAttributes[2].Value'] });
    expect((await countStatus(bounded, '2147483647')).status).toBe(200);
  });
});
