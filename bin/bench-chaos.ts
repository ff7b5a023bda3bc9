/**
 * The figures of issue 22 for `npm run bench`, section (e): a nightly against a flaky sandbox.
 * The embedded reference in chaos mode (REFERENCE_CHAOS=0.01: each of five transient faults at
 * about 1% of the calls) runs the default full run for seeds 1..N. Goals: at least 9 of 10 runs
 * exit 0 on a clean target, none exits 1; a faulty target under the same chaos is still caught;
 * at most 10% more requests than the same seeds without chaos.
 */
import { faultCatalogue } from '../reference/faults/index.js';
import type { Summary } from '../reporting/model.js';
import { sampleFaults } from './bench-budget.js';

export interface ChaosRun { readonly seconds: number; readonly exitCode: number | null; readonly summary?: Summary }
export type Runner = (env: Record<string, string>) => Promise<ChaosRun>;

export const benchChaos = '0.01';

const requestsOf = (s: Summary | undefined) => Object.values(s?.footprint?.requests ?? {}).reduce((n, v) => n + v, 0);
const n = (v: number) => v.toLocaleString('en-US');

export interface ChaosFigures {
  readonly runs: number;
  readonly exit0: number;
  readonly exit1: number;
  readonly caught: number;
  readonly faults: number;
  /** Requests under chaos over requests without it, minus one (0.05: 5% more). */
  readonly overhead: number;
}

/** Section (e); returns the figures for the closing lines. `seeds`: runs under chaos; `faults`: catalogue faults run under chaos. */
export async function chaosFigures(run: Runner, seeds: readonly number[], faults: readonly string[] = sampleFaults): Promise<ChaosFigures> {
  console.log(`\n(e) chaos (issue 22): default full runs against a clean reference with REFERENCE_CHAOS=${benchChaos} (reset, lost reply, 503, 429, 1.5 s delay, each at about 1% of the calls)`);
  let exit0 = 0;
  let exit1 = 0;
  let withChaos = 0;
  let without = 0;
  for (const seed of seeds) {
    const plain = await run({ CONFORMANCE_SEED: String(seed) });
    const chaotic = await run({ CONFORMANCE_SEED: String(seed), REFERENCE_CHAOS: benchChaos });
    const h = chaotic.summary?.health;
    const [a, b] = [requestsOf(plain.summary), requestsOf(chaotic.summary)];
    withChaos += b;
    without += a;
    if (chaotic.exitCode === 0) exit0 += 1;
    if (chaotic.exitCode === 1) exit1 += 1;
    const broken = chaotic.summary?.requirements.filter((r) => r.status === 'broken').map((r) => r.id) ?? [];
    const failed = chaotic.summary?.requirements.filter((r) => r.status === 'failed').map((r) => `${r.id} (${r.findings[0]?.title ?? 'no finding'})`) ?? [];
    console.log(`  seed ${String(seed).padEnd(3)} exit ${chaotic.exitCode}  ${n(b).padStart(5)} requests (${n(a)} without chaos, ${a ? `${(((b - a) / a) * 100).toFixed(1)}%` : 'n/a'})`
      + `  faults met ${h?.totals.met ?? 0}: ${h?.totals.recoveredByRetry ?? 0} by retry, ${h?.totals.recoveredByRerun ?? 0} by re-run, ${h?.totals.notRecovered ?? 0} not recovered`
      + `  ${chaotic.seconds.toFixed(1)} s${broken.length ? `  broken: ${broken.join(', ')}` : ''}${failed.length ? `  FAILED: ${failed.join(', ')}` : ''}`);
  }
  let caught = 0;
  for (const fault of faults) {
    const r = await run({ REFERENCE_FAULTS: fault, REFERENCE_CHAOS: benchChaos, CONFORMANCE_SEED: '1' });
    const requirement = faultCatalogue.find((f) => f.name === fault)?.requirement;
    const ok = r.summary?.requirements.find((q) => q.id === requirement)?.status === 'failed';
    if (ok) caught += 1;
    console.log(`  ${fault.padEnd(32)} under chaos: ${ok ? `caught (${requirement} failed)` : 'NOT caught'}, exit ${r.exitCode}, ${r.summary?.health?.totals.met ?? 0} transient faults met`);
  }
  const overhead = without ? withChaos / without - 1 : 0;
  console.log(`  runs exit 0: ${exit0} of ${seeds.length} (goal at least ${Math.ceil(seeds.length * 0.9)}); exit 1: ${exit1} (goal none)`);
  console.log(`  faulty targets under chaos caught: ${caught} of ${faults.length}`);
  console.log(`  requests: ${n(withChaos)} under chaos, ${n(without)} without, ${(overhead * 100).toFixed(1)}% more (goal at most 10%)`);
  return { runs: seeds.length, exit0, exit1, caught, faults: faults.length, overhead };
}
