import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { runAudit } from '../audit/run.js';
import type { Judgement } from './sweep-judge.js';

/**
 * SWEEP_AUDIT: the audit (audit/) judges the same traffic a user would hand it, so a run that is
 * clean must be clean there too; its false alarms on a reading's traffic showed only in CI's
 * readings self-test until the sweep judged them (a card listed with the lastFourOfCard sent, "h").
 * The server side only: the harness's own client deliberately breaks the client rules.
 */
export const trafficDir = (reportDir: string) => join(reportDir, 'traffic');

export function withAudit(judgement: Judgement, reportDir: string): Judgement {
  let problems: string[];
  try {
    const audit = runAudit({ file: join(trafficDir(reportDir), 'traffic.har'), reportDir: join(reportDir, 'audit'), client: false });
    problems = audit.summary.requirements.filter((r) => r.status === 'failed' || r.status === 'broken')
      .map((r) => `audit of the run's traffic: ${r.id} ${r.status}: ${r.findings[0]?.message ?? r.reasons[0] ?? ''} (${r.findings[0]?.reproduction?.counterexample ?? 'no entry named'})`);
  } catch (error) {
    problems = [`audit of the run's traffic could not run: ${(error as Error).message}`];
  }
  // The recording holds every request unmasked and is large: the audit's own report stays. A run the
  // audit found something in keeps it (the embedded reference's synthetic data only): an audit-only
  // alarm can depend on timing and not come back, so its traffic is the one way to read it.
  if (!problems.length) rmSync(trafficDir(reportDir), { recursive: true, force: true });
  return problems.length ? { ...judgement, clean: false, problems: [...judgement.problems, ...problems] } : judgement;
}
