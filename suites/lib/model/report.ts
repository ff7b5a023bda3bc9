import type { Exchange } from '../../../client/exchange.js';
import type { Reproduction } from '../../../reporting/result.js';
import type { Step } from './journal.js';
import type { PropertyEnv } from '../runner/property.js';

/** How a model-based failure is told: numbered steps with their redacted exchanges, seed, path and replay. */

/** The numbered story of a sequence: command labels with their redacted exchanges. */
export function formatSteps(steps: readonly Step[], env: Pick<PropertyEnv, 'redact' | 'formatExchange'>, requestBody: (x: Exchange) => string): string[] {
  return steps.map((s) => [
    env.redact(s.label),
    ...s.exchanges.flatMap((x) => {
      const sent = requestBody(x);
      return [`   ${env.formatExchange(x)}`, ...(sent ? [`     sent ${sent}`] : [])];
    }),
  ].join('\n'));
}

/** The steps of a story numbered, the heading that names seed and path, and the command that replays it. */
export function story(env: PropertyEnv, spec: { readonly name: string }, told: readonly Step[], path: string | undefined, requestBody: (x: Exchange) => string) {
  const steps = formatSteps(told, env, requestBody);
  const replay = `CONFORMANCE_SEED=${env.runSeed}${path ? ` CONFORMANCE_PATH=${path}` : ''} npm run conformance -- ${env.suiteFile} -t ${JSON.stringify(spec.name)}`;
  const reproduction: Reproduction = {
    seed: env.runSeed, ...(path ? { path } : {}), replay, steps,
    counterexample: told.map((s) => env.redact(s.label)).join(' → '),
  };
  return {
    reproduction,
    heading: `seed ${env.runSeed}${path ? `, path ${path}` : ''}`,
    lines: [...steps.map((s, i) => `  ${i + 1}. ${s.replace(/\n/g, '\n  ')}`), `  replay: ${replay}`],
  };
}
