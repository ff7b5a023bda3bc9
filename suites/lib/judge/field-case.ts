import { errorRow, operations as contractOperations, type Operation } from '../../../contract/index.js';
import type { Exchange } from '../../../client/index.js';
import { businessErrorCode, businessRefusal } from '../../../checks/error-row.js';
import { checks as catalogue, fieldRuleChecks, noSecretEcho, runChecks, transportBroken } from '../../../checks/index.js';
import { isLuhnValid } from '../../../generators/cards.js';
import type { Expectation } from '../../../generators/expectation.js';
import { responseKey } from '../../../reporting/coverage.js';
import type { CaseOutcome } from '../runner/property.js';

const fixedRequirement = /^[A-Z0-9-]+$/;
const requirementOfCheck = new Map(catalogue.filter((c) => fixedRequirement.test(c.requirement)).map((c) => [c.id, c.requirement]));

/**
 * The requirements a ran check answers for on this case; statusMatches answers for what the case documents.
 * `ops` is the operation list the case's operation is in (a copy of the contract's with operations added, too).
 */
export function requirementsOf(ran: readonly string[], e: Expectation, status: number | undefined, ops: readonly Operation[] = contractOperations): string[] {
  const out = new Set<string>();
  for (const id of ran) {
    const fixed = requirementOfCheck.get(id);
    if (fixed) out.add(fixed);
    if (id !== 'statusMatches') continue;
    if (e.kind === 'validation') e.broken.forEach((b) => out.add(b.requirement));
    if (e.kind === 'problem') out.add(errorRow(e.row).requirement);
    if (e.kind === 'refused') out.add(e.requirement);
  }
  if (e.kind === 'validation' && status === 400) out.add(errorRow('VALIDATION').requirement);
  if (e.kind === 'accepted' && status !== undefined && status >= 200 && status < 300) {
    const op = ops.find((o) => o.id === e.operation);
    if (!op) throw new Error(`judge: operation ${e.operation} is not in the operation list`);
    out.add(`${op.code}-SUCCESS`);
  }
  return [...out];
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

/**
 * D37: a valid payload refused for a business reason the case does not foresee (a code that is
 * no Errors-table row of the operation). The refusal is observed; the case checks nothing of
 * what an acceptance would have shown, so it never makes GEN-VALID-ACCEPTED pass.
 */
export function unforeseenRefusal(exchange: Exchange, e: Expectation): string | undefined {
  if (e.kind !== 'accepted' || !exchange.response) return undefined;
  const refusal = businessRefusal(exchange as never);
  if (!refusal || !e.ownRefusals || e.allowedBusinessErrors.includes(refusal.code)) return undefined;
  return `${e.operation} refused a valid payload with ${refusal.status} ${refusal.code}`;
}

export interface JudgeOptions {
  readonly strictKeyCase: boolean;
  /** Secrets of the run itself (the client secret) that must never come back. */
  readonly runSecrets: readonly string[];
  /** The operations cases may name; default the contract's (extension self-test: a copy with one added). */
  readonly operations?: readonly Operation[];
}

/** Runs the field-rule oracles and the leak oracle on one exchange of a generated case. */
export function judgeFieldCase(exchange: Exchange, expectation: Expectation, options: JudgeOptions): CaseOutcome {
  const broken = transportBroken(exchange);
  if (broken) return { exchanges: [exchange], findings: [], checked: [], broken };
  const rules = runChecks(fieldRuleChecks, exchange, { ...expectation, strictKeyCase: options.strictKeyCase });
  const sent = [...sentSecrets(exchange.request.body), ...options.runSecrets];
  const leak = runChecks([noSecretEcho], exchange, { sent });
  const status = exchange.response?.status;
  const refused = unforeseenRefusal(exchange, expectation);
  const checked = requirementsOf([...rules.ran, ...leak.ran], expectation, status, options.operations);
  return {
    exchanges: [exchange],
    findings: [...rules.findings, ...leak.findings],
    checked: refused ? checked.filter((r) => r !== 'GEN-VALID-ACCEPTED') : checked,
    ...(refused ? { observed: { 'GEN-VALID-ACCEPTED': `${refused} (D37: observed, not failed)` } } : {}),
    responsesSeen: [responseKey(exchange.request.operation, status!, businessErrorCode(exchange as never))],
  };
}
