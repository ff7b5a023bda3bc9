import type { Exchange } from '../client/index.js';
import { namesField, reportedKeys } from '../checks/index.js';
import { businessErrorCode } from '../checks/error-row.js';
import type { Responded } from '../checks/support.js';
import type { RequirementId } from '../contract/requirements.js';
import type { Expectation, OpenField } from '../generators/expectation.js';
import type { Observed } from './outcome.js';

type Open = Expectation & { kind: 'open' };

/**
 * A case of open values (D38-D40) is judged as the answer the target chose: a success as an
 * accepted payload, a validation answer as one naming the open fields it refused (and no field
 * sent valid), any other refusal as a refusal. The choice itself is never judged; the notes
 * name it, per field, in the report's observed behaviour.
 */
export function answeredExpectation(e: Open, x: Exchange): Expectation {
  const status = x.response?.status;
  if (status === undefined || status >= 500) return { kind: 'refused', operation: e.operation, requirement: 'GEN-NO-5XX' };
  if (status >= 200 && status < 300) return { kind: 'accepted', operation: e.operation, allowedBusinessErrors: [], ...(e.ownRefusals ? { ownRefusals: true } : {}) };
  const keys = reportedKeys(x as Responded);
  if (status === 400 && keys.length > 0) {
    // A refused open value is reported under ERR-VALIDATION: the field's own rule does not decide it.
    const named = e.sent.filter((s) => keys.some((k) => namesField(k, s.key, false))).map((s) => ({ ...s, requirement: 'ERR-VALIDATION' as RequirementId }));
    return { kind: 'validation', operation: e.operation, broken: named, validKeys: e.validKeys };
  }
  return { kind: 'refused', operation: e.operation, requirement: 'GEN-JSON-BODY' };
}

function verdictOn(s: OpenField, x: Exchange, keys: readonly string[]): string {
  const status = x.response!.status;
  if (status >= 200 && status < 300) return `accepted (${status})`;
  if (status === 400 && keys.some((k) => namesField(k, s.key, false))) return 'refused with 400 naming it';
  if (status === 400 && keys.length > 0) return 'not refused by itself (400 naming another open value)';
  const code = businessErrorCode(x as Responded);
  return `refused with ${status}${code ? ` ${code}` : ''}`;
}

/** What the target did with each open value, as observed-behaviour notes under the field's row. */
export function openNotes(e: Open, x: Exchange): Observed {
  if (!x.response || x.response.status >= 500) return {};
  const keys = reportedKeys(x as Responded);
  const notes: Partial<Record<RequirementId, string>> = {};
  for (const s of e.sent) {
    const note = `${e.operation} ${s.key.replace(/^(command|query)\./, '')} ${s.violation} (${s.decision}): ${verdictOn(s, x, keys)}`;
    notes[s.requirement] = notes[s.requirement] ? `${notes[s.requirement]}; ${note}` : note;
  }
  return notes;
}
