import { errorRow, operations as contractOperations, successRequirementId, type Operation, type RequirementId } from '../contract/index.js';
import type { Exchange } from '../client/index.js';
import { answersFor, fieldRuleChecks, noSecretEcho } from '../checks/index.js';
import { isLuhnValid } from '../generators/cards.js';
import type { Expectation } from '../generators/expectation.js';
import type { CaseOutcome } from './outcome.js';
import { judge, type Expected, type Oracle } from './judge.js';
import { answeredExpectation, openNotes } from './open-case.js';
import type { SuiteOracleId } from './oracle-ids.js';

/** A requirement the answer's status puts the case under (its shape oracles answer for it); runs no check of its own. */
const answeredAs = (id: SuiteOracleId, requirement: RequirementId, when: (status: number) => boolean): Oracle =>
  ({ id, requirements: [requirement], applies: (x) => x.response !== undefined && when(x.response.status), run: () => [] });

/**
 * The rows the status of the answer documents: a 400 to a validation case is the VALIDATION row;
 * a 2xx to a valid payload is the operation's success row. `ops` is the operation list the case's
 * operation is in (a copy of the contract's with operations added, too).
 */
function statusRows(e: Expectation, ops: readonly Operation[]): Oracle[] {
  if (e.kind === 'validation') return [answeredAs('validationRow', errorRow('VALIDATION').requirement, (s) => s === 400)];
  if (e.kind !== 'accepted') return [];
  const op = ops.find((o) => o.id === e.operation);
  if (!op) throw new Error(`judge: operation ${e.operation} is not in the operation list`);
  return [answeredAs('successRow', successRequirementId(op), (s) => s >= 200 && s < 300)];
}

/** Shaped like a real secret: echoing a mangled value in a validation message is not asserted. */
const looksReal: Record<string, (v: string) => boolean> = {
  ssn: (v) => /^\d{9}$/.test(v),
  cardnumber: (v) => /^\d{15,19}$/.test(v) && isLuhnValid(v),
  cardtoken: (v) => v.length >= 16,
  accountnumberfilter: (v) => v.split(',').every((p) => /^\d{15,19}$/.test(p.trim()) || p.trim().length >= 16),
};

/** Sensitive values of a request body: SSNs, card numbers and tokens, also inside attribute lists. */
export function sentSecrets(body: unknown, out: string[] = []): string[] {
  if (Array.isArray(body)) body.forEach((b) => sentSecrets(b, out));
  else if (body && typeof body === 'object') {
    const item = body as Record<string, unknown>;
    const attribute = typeof item.name === 'string' ? item.name.toLowerCase() : undefined;
    for (const [k, v] of Object.entries(item)) {
      const kind = k.toLowerCase() === 'value' && attribute ? attribute : k.toLowerCase();
      if (typeof v === 'string' && looksReal[kind]?.(v)) out.push(...v.split(',').map((p) => p.trim()));
      else sentSecrets(v, out);
    }
  }
  return out;
}

export interface JudgeOptions {
  readonly strictKeyCase: boolean;
  /** Secrets of the run itself (the client secret) that must never come back. */
  readonly runSecrets: readonly string[];
  /** The operations cases may name; default the contract's (extension self-test: a copy with one added). */
  readonly operations?: readonly Operation[];
}

/**
 * A generated case's expectation as oracles: the field-rule checks under the Expectation and the
 * leak oracle. D37: where the operation may decline or find a duplicate, a refusal with a code of
 * its own is observed, and what an acceptance would show (GEN-VALID-ACCEPTED) stays unchecked.
 */
export function fieldCaseExpected(e: Expectation, options: JudgeOptions): Expected {
  const withKeyCase = { ...e, strictKeyCase: options.strictKeyCase };
  const rules = fieldRuleChecks.map((c): Oracle => {
    const requirements = answersFor(c, e);
    return {
      id: c.id, requirements, judgesAcceptance: requirements.includes('GEN-VALID-ACCEPTED'),
      applies: (x) => c.applies(x, withKeyCase), run: (x) => c(x, withKeyCase),
    };
  });
  const sent = (x: Exchange) => ({ sent: [...sentSecrets(x.request.body), ...options.runSecrets] });
  const leak: Oracle = { id: noSecretEcho.id, requirements: answersFor(noSecretEcho, e), applies: (x) => noSecretEcho.applies(x, sent(x)), run: (x) => noSecretEcho(x, sent(x)) };
  return {
    // The field rules judge the row the case documents (checks/error-row.ts documentedErrorRow), and only that one.
    oracles: [...rules, leak, ...statusRows(e, options.operations ?? contractOperations)], rowDecided: true,
    ...(e.kind === 'accepted' && e.ownRefusals ? { ownRefusal: { foreseen: e.allowedBusinessErrors, requirement: 'GEN-VALID-ACCEPTED', what: 'a valid payload' } } : {}),
  };
}

/** Judges one exchange of a generated case under its Expectation; open values as the answer the target chose. */
export function judgeFieldCase(exchange: Exchange, expectation: Expectation, options: JudgeOptions): CaseOutcome {
  if (expectation.kind !== 'open') return judge(exchange, fieldCaseExpected(expectation, options));
  const outcome = judge(exchange, fieldCaseExpected(answeredExpectation(expectation, exchange), options));
  const notes = outcome.broken ? {} : openNotes(expectation, exchange);
  return Object.keys(notes).length ? { ...outcome, observed: { ...outcome.observed, ...notes } } : outcome;
}
