import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadProfile, operation, operations, responseMembers } from '../../contract/index.js';
import { createPartnerClient } from '../../client/index.js';
import { personalData, validPayload } from '../../generators/index.js';
import { startReference, type RunningReference } from '../../reference/server.js';
import { runConformance, type ConformanceRun } from '../support/conformance-run.js';
import { expiredReferenceToken } from '../../bin/target.js';
import { startAccessProxy, type AccessProxy } from './access-proxy.js';

/**
 * Issue 5 item 6: under TARGET_PROFILE=production the harness sends nothing that creates,
 * changes or deletes data. The whole conformance run goes to the reference as an external
 * target, through a proxy that records the status of every answer: every request that reached
 * a writing operation must have been refused before any effect (400 validation, 401 token).
 */
const refusedBeforeEffect = new Set([400, 401]);
/** D19: an invalid session attribute value is refused with 422 INVALID_INFORMATION instead of 400. */
const refusedBeforeEffectAt: Readonly<Record<string, ReadonlySet<number>>> = { [operation('AddSessionAttributes').path]: new Set([422]) };

/** A customer holding a card, made directly against the reference: the run's TARGET_FIXTURE_* ids. */
async function fixtureCustomer(reference: RunningReference): Promise<{ customerId: string; cardId: string }> {
  const profile = loadProfile({});
  const client = createPartnerClient({ profile, target: { ...reference } });
  try {
    const session = await client.openSession();
    const sample = (op: string, fixed: Record<string, unknown>) =>
      fc.sample(validPayload(operation(op), { fixed, includeOptional: false }), { seed: 5, numRuns: 1 })[0]!;
    const person = personalData({ seed: 5 }).next();
    const enrolled = await client.call('EnrollCustomer', sample('EnrollCustomer', { ...person }), { session });
    const customerId = (enrolled.response?.json as Record<string, string>)[responseMembers.enrollCustomer]!;
    // The history checks need more than one page (D21: 0 to 45 transactions per card): a card is
    // added until one has that many, so no history row is left unchecked by chance.
    for (let seed = 5; ; seed += 1) {
      const card = fc.sample(validPayload(operation('AddOrUpdateCard'), { fixed: { customerId }, includeOptional: false }), { seed, numRuns: 1 })[0]!;
      const added = await client.call('AddOrUpdateCard', card, { session });
      const cardId = (added.response?.json as { cards: Array<{ cardId: string }> }).cards[0]!.cardId;
      const history = await client.call('GetTransactionHistory', { query: { customerId, accountId: cardId } }, { session });
      const total = (history.response?.json as { totalRecords?: number } | undefined)?.totalRecords ?? 0;
      if (total > 20 || seed > 40) return { customerId, cardId };
    }
  } finally {
    await client.close();
  }
}

describe('production profile', () => {
  let reference: RunningReference;
  let proxy: AccessProxy;
  let run: ConformanceRun;
  let setupRequests: number;
  beforeAll(async () => {
    reference = await startReference();
    const fixture = await fixtureCustomer(reference);
    const expired = (await expiredReferenceToken(reference)) ?? '';
    setupRequests = reference.stats.requests.length;
    proxy = await startAccessProxy(reference);
    run = await runConformance({
      runs: 3,
      env: {
        ...proxy.env, TARGET_PROFILE: 'production',
        TARGET_DENIED_CLIENT_ID: reference.deniedClientId, TARGET_DENIED_CLIENT_SECRET: reference.deniedClientSecret,
        TARGET_EXPIRED_TOKEN: expired,
        // Gaps this set-up cannot close, accepted explicitly: the proxy gives no second source address, and
        // whether the fixture's history has transactions naming its card's last four digits is up to the
        // reference's synthetic data (seen: one run in three left the account filter unchecked).
        CONFORMANCE_SKIP: 'ALLOW-LIST,HISTORY-ACCOUNT-FILTER',
        TARGET_FIXTURE_CUSTOMER_ID: fixture.customerId, TARGET_FIXTURE_CARD_ID: fixture.cardId,
      },
    });
  }, 180_000);
  afterAll(async () => { await proxy?.close(); await reference?.close(); });

  it('sends no request to a writing operation that the target could act on', () => {
    const writePaths = new Set(operations.filter((o) => o.writes).map((o) => o.path));
    const writes = proxy.answered.filter((a) => writePaths.has(a.path));
    const effective = writes.filter((a) => !refusedBeforeEffect.has(a.status) && !refusedBeforeEffectAt[a.path]?.has(a.status))
      .map((a) => `${a.method} ${a.path} → ${a.status}`);
    expect(effective).toEqual([]);
    // The run did reach the writing operations, with requests that are refused before any effect.
    expect(new Set(writes.map((a) => a.path))).toEqual(writePaths);
    // What the proxy answered is what the reference received after the set-up.
    const received = reference.stats.requests.slice(setupRequests).map((q) => `${q.method} ${q.path}`);
    expect(received.sort()).toEqual(proxy.answered.map((a) => `${a.method} ${a.path}`).sort());
  });

  it('reports every writing check as skipped by profile and still passes', () => {
    expect(run.exitCode, run.stdout).toBe(0);
    const skipped = run.summary!.requirements.filter((r) => r.status === 'skipped-by-profile');
    expect(skipped.map((r) => r.id)).toEqual(expect.arrayContaining(['ENROLL-SUCCESS', 'CARD-SUCCESS', 'DELETE-SUCCESS']));
    for (const r of skipped) expect(r.reasons.join(' ')).toMatch(/TARGET_PROFILE=production/);
    // Regression: cards merely listed by GetRegisteredCards were counted as added, then deleted at the end of the suite.
    const { customersEnrolled, cardsAdded, cardsRemoved } = run.summary!.footprint!;
    expect({ customersEnrolled, cardsAdded, cardsRemoved }).toEqual({ customersEnrolled: 0, cardsAdded: 0, cardsRemoved: 0 });
  });

  it('refuses to start a production run that selects writing operations, naming TARGET_ALLOW_WRITES', async () => {
    const refused = await runConformance({ only: ['EnrollCustomer'], env: { ...proxy.env, TARGET_PROFILE: 'production' } });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(/TARGET_ALLOW_WRITES=true/);
    expect(refused.stderr).toMatch(/EnrollCustomer/);
  });
});
