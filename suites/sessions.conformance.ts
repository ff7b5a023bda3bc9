import { randomUUID } from 'node:crypto';
import type { RequirementId } from '../contract/requirements.js';
import { afterAll, describe } from 'vitest';
import { clientIdentifier, operations, type Operation, sessionHeaders } from '../contract/index.js';
import { freshClientIdentifier } from '../generators/client-identifier.js';
import { freshValues } from './lib/state/fresh.js';
import { usePairedSession } from './lib/access/refused-session.js';
import type { CallOptions, Session } from '../client/index.js';
import { errorBodyIsJson, genericRefusal } from '../checks/index.js';
import { sendAgainIfLost } from './lib/runner/send-again.js';
import { issuedNearMiss, validPayload, type Payload } from '../generators/index.js';
import { harness, type HarnessContext } from './lib/runner/context.js';
import { removeAddedCards } from './lib/state/cards.js';
import { stateFields, withState } from './lib/state/case-state.js';
import { LeakGuard } from './lib/runner/leak-guard.js';
import { propertyTest } from './lib/runner/property-test.js';
import type { CaseOutcome } from './lib/runner/property.js';
import { combine, genericOracles, judge, leakOracle, oracle, setupOutcome } from './lib/judge/oracles.js';
import { FixtureError } from './lib/state/fixture-errors.js';
import { PairLog } from './lib/ownership/pairs.js';
import { spent, withCustomerIdentity } from './lib/access/succeeding.js';
import { alternatingStrategy } from './lib/access/version-strategy.js';

/**
 * Session rules (D4): every partner operation but AuthenticatePartner is refused — a 4xx
 * with a JSON error body, never 2xx — without a sessionId, with a sessionId no
 * AuthenticatePartner issued, with the session's sessionId but no deviceId, and with a
 * deviceId other than the session's. Each case sends a payload that succeeds with the right
 * session (real customer and card, the customer's SSN and date of birth where FindCustomer looks
 * it up: suites/lib/access/succeeding.ts), so only the session is wrong.
 */
const ctx = harness();
const suiteFile = 'suites/sessions.conformance.ts';

/** Session rules do not depend on the payload: a few payloads per operation suffice. */
const casesPerOperation = 5;

interface Variant {
  readonly what: string;
  readonly requirement: 'SESSION-REQUIRED' | 'SESSION-DEVICE-REQUIRED' | 'SESSION-DEVICE-MATCH';
  /** `otherDevice`: the deviceId another open session of this client was opened with; `turn`: the operation's index. */
  readonly options: (s: Session, otherDevice: string, turn: number) => CallOptions;
  /** The operator of the catalogue (contract/operators/) the variant is, if any, and the header it is sent in. */
  readonly operator?: string;
  readonly header?: string;
}

const firstHalf = (value: string) => value.slice(0, Math.max(1, Math.floor(value.length / 2)));

const variants: readonly Variant[] = [
  { what: 'no sessionId header', requirement: 'SESSION-REQUIRED', options: (s) => ({ headers: { [sessionHeaders.deviceId]: s.deviceId } }) },
  { what: 'a sessionId no AuthenticatePartner issued', requirement: 'SESSION-REQUIRED', options: (s) => ({ session: { sessionId: randomUUID(), deviceId: s.deviceId } }) },
  // Both headers are required: a valid sessionId alone must not do (interface.md "Endpoints").
  { what: 'the session\'s sessionId and no deviceId header', requirement: 'SESSION-DEVICE-REQUIRED', options: (s) => ({ headers: { [sessionHeaders.sessionId]: s.sessionId } }) },
  {
    what: 'another deviceId than the session\'s (its own with a suffix)', requirement: 'SESSION-DEVICE-MATCH', operator: 'session-header-suffixed', header: sessionHeaders.deviceId,
    options: (s) => ({ session: { sessionId: s.sessionId, deviceId: `${s.deviceId}-other` } }),
  },
  // A header present but empty is not the session's: a check that skips an empty value lets it through.
  {
    what: 'an empty sessionId header', requirement: 'SESSION-REQUIRED', operator: 'session-header-empty', header: sessionHeaders.sessionId,
    options: (s) => ({ headers: { [sessionHeaders.sessionId]: '', [sessionHeaders.deviceId]: s.deviceId } }),
  },
  {
    what: 'the session\'s sessionId and an empty deviceId header', requirement: 'SESSION-DEVICE-REQUIRED', operator: 'session-header-empty', header: sessionHeaders.deviceId,
    options: (s) => ({ headers: { [sessionHeaders.sessionId]: s.sessionId, [sessionHeaders.deviceId]: '' } }),
  },
  // The session's own id with one more character: a lookup reading a fixed width (the first 36 characters of a GUID) takes it.
  {
    what: 'the session\'s sessionId with a character after it', requirement: 'SESSION-REQUIRED', operator: 'session-header-suffixed', header: sessionHeaders.sessionId,
    options: (s) => ({ session: { sessionId: `${s.sessionId}0`, deviceId: s.deviceId } }),
  },
  // The session's own id with one character changed, at its end and in its middle in turn over the operations (blind18: an issued
  // value compared on a stored prefix); cut short is session-header-truncated's, below.
  {
    what: 'the session\'s sessionId with one character changed', requirement: 'SESSION-REQUIRED', operator: 'issued-token-near-miss', header: sessionHeaders.sessionId,
    options: (s, _other, turn) => ({ session: { sessionId: issuedNearMiss(s.sessionId, turn % 2 === 0 ? 'end-changed' : 'middle-changed'), deviceId: s.deviceId } }),
  },
  // The session's own values cut to their first half: a lookup by prefix (LIKE 'value%') takes them.
  {
    what: 'the first half of the session\'s sessionId', requirement: 'SESSION-REQUIRED', operator: 'session-header-truncated', header: sessionHeaders.sessionId,
    options: (s) => ({ session: { sessionId: firstHalf(s.sessionId), deviceId: s.deviceId } }),
  },
  {
    what: 'the first half of the session\'s deviceId', requirement: 'SESSION-DEVICE-MATCH', operator: 'session-header-truncated', header: sessionHeaders.deviceId,
    options: (s) => ({ session: { sessionId: s.sessionId, deviceId: firstHalf(s.deviceId) } }),
  },
  // Two sessions open at once: the deviceId must be this session's, not any open session's.
  {
    what: 'the deviceId of another open session', requirement: 'SESSION-DEVICE-MATCH', operator: 'device-of-another-session', header: sessionHeaders.deviceId,
    options: (s, otherDevice) => ({ session: { sessionId: s.sessionId, deviceId: otherDevice } }),
  },
];

/** The second session's deviceId, or what the target's answer to opening it showed when it opened none. */
type OtherSession = { readonly deviceId: string; readonly pairing: CaseOutcome } | { readonly setup: CaseOutcome };
let otherSession: Promise<OtherSession> | undefined;
/**
 * A second session of this client, opened with a deviceId of its own, once per worker. When none
 * opens, the answer is judged by the generic contract (D3 leaves AuthenticatePartner's inputs open,
 * not its 5xx): a server error fails GEN-NO-5XX with its curl, and the cases go on without the
 * variant that needs the second session (blind7: a 500 to a long deviceId left five rows unchecked).
 * Any other refusal leaves the pairing across sessions not covered.
 */
function otherDevice(c: HarnessContext): Promise<OtherSession> {
  if (otherSession) return otherSession;
  // Drawn over the whole of a deviceId's alphabet (mixed case, digits, a dash), its pairing checked once: a store that normalises it loses the session.
  const deviceId = freshClientIdentifier(freshValues(c), clientIdentifier(sessionHeaders.deviceId));
  otherSession = c.client.authenticatePartner(deviceId).then(async ({ sessionId, exchange }): Promise<OtherSession> => {
    if (sessionId) return { deviceId, pairing: await usePairedSession(c, { sessionId, deviceId }) };
    const setup = setupOutcome(c, exchange);
    if (setup.broken || setup.findings.length === 0)
      throw new FixtureError(`AuthenticatePartner of a second session did not open one (status ${exchange.response?.status}): the pairing across sessions cannot be judged`);
    return { setup };
  }).catch((error: unknown) => {
    otherSession = undefined;
    throw error;
  });
  return otherSession;
}

async function sendWithoutSession(op: Operation, payload: Payload): Promise<CaseOutcome> {
  const session = await ctx.session();
  // A request that would succeed with the right session (blind8: a FindCustomer that matched no one was refused 422 without it).
  const input = await withCustomerIdentity(ctx, op, await withState(ctx, session, payload, 'valid'));
  const leaks = LeakGuard.of(ctx);
  leaks.learn(input.body);
  const other = await otherDevice(ctx);
  const log = new PairLog();
  const parts: CaseOutcome[] = 'setup' in other ? [other.setup] : [other.pairing];
  const sent = 'deviceId' in other ? variants : variants.filter((v) => v.operator !== 'device-of-another-session');
  for (const [i, v] of sent.entries()) {
    // Refused for its session, it changes nothing: a lost reply is sent again (runner/send-again.ts). The version header and
    // query string alternate, so each variant and each operation meets both (blind11: a query-versioned route skipped a check).
    const where = alternatingStrategy(ctx, i, operations.indexOf(op));
    const x = await sendAgainIfLost(() => ctx.client.call(op.id, input, { ...v.options(session, 'deviceId' in other ? other.deviceId : '', operations.indexOf(op)), apiVersionIn: where }));
    if (v.operator && v.header) log.sent(v.operator, `${op.id} header ${v.header}`);
    // The States table says it too: "sessionId is required by all other partner operations".
    const rows: RequirementId[] = v.requirement === 'SESSION-REQUIRED' ? [v.requirement, 'STATE-SESSION'] : [v.requirement];
    // D4 lets any 4xx refuse a session; where the target chose 401, it carries its challenge (D27).
    // The refusal is an error answer like any other: the generic contract and ERR-JSON-BODY judge it too, so a framework's
    // text/plain 400 for a missing header fails the error-body row, not only the session's (blind12).
    parts.push(judge(x, { oracles: [...rows.map((r) => oracle(genericRefusal, { operation: op.id, requirement: r }, r)), leakOracle(leaks), ...genericOracles(ctx, x), oracle(errorBodyIsJson, undefined, 'ERR-JSON-BODY')] }));
    if (parts.at(-1)!.broken) break;
    // A refused write left nothing behind; one the target wrongly accepted is counted, and its card deleted at the end.
    spent(ctx, x);
  }
  return { ...combine(parts), operatorPairs: log.pairs };
}

describe('sessions: the sessionId and deviceId headers are required (D4)', () => {
  afterAll(() => removeAddedCards(ctx));
  for (const op of operations.filter((o) => o.sessionRequired)) {
    const runs = Math.min(op.writes ? ctx.profile.writeRuns : ctx.profile.runs, casesPerOperation);
    propertyTest(ctx, suiteFile, {
      area: 'sessions', operation: op.id, name: `${op.id}: refused without the session's sessionId and deviceId`, writes: op.writes,
      requirements: ['SESSION-REQUIRED', 'STATE-SESSION', 'SESSION-DEVICE-REQUIRED', 'SESSION-DEVICE-MATCH', 'NO-SECRET-ECHO'],
      arbitrary: validPayload(op, { fixed: stateFields(op), emailKey: ctx.profile.emailKey }),
      numRuns: runs,
      // Every request is refused for its session (a wrongly accepted write is remembered and undone at the end): cases may overlap.
      independentCases: true,
      describe: (p) => `${op.id} with ${variants.map((v) => v.what).join(', then ')}\n  input: ${JSON.stringify(p)}`,
      run: (p) => sendWithoutSession(op, p),
    });
  }
});
