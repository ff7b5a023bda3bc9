import { judge } from '../../oracles/judge.js';
import type { CaseOutcome } from '../../oracles/outcome.js';
import type { AuditEntry } from '../entries.js';
import type { Book } from '../state/book.js';
import { expectedOf } from './expected.js';

/** One recorded exchange and what the one judge made of it. */
export interface JudgedEntry {
  readonly entry: AuditEntry;
  readonly outcome: CaseOutcome;
  /** The oracles that judged each requirement on this exchange (the report's checks column). */
  readonly checks: ReadonlyMap<string, ReadonlySet<string>>;
}

/**
 * The server side of an audit: every exchange of the interface through the run's judge, in the
 * order the requests left. Transport failures in the recording are judged by nothing (the
 * judge calls them broken; the audit reports them as not judged, never as a target's fault).
 */
export function judgeServer(entries: readonly AuditEntry[], book: Book): JudgedEntry[] {
  const out: JudgedEntry[] = [];
  for (const entry of entries) {
    const expected = expectedOf(entry, book);
    if (!expected) continue;
    const outcome = judge(entry.exchange, expected);
    const checks = new Map<string, Set<string>>();
    if (!outcome.broken)
      for (const o of expected.oracles.filter((x) => x.applies(entry.exchange)))
        for (const r of o.requirements) checks.set(r, (checks.get(r) ?? new Set()).add(o.id));
    out.push({ entry, outcome, checks });
  }
  return out;
}
