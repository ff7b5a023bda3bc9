import { readFileSync } from 'node:fs';
import { defaultPlan } from './default-plan.js';
import { parsePlan, PlanError, type Plan } from './plan.js';

/** What `certify-client` was asked to do. */
export interface CertifyArgs {
  readonly port: number;
  readonly host?: string;
  readonly plan: Plan;
  readonly planSource: string;
  readonly seed: number;
  /** Serve this long when no client command is given (seconds); undefined: until SIGINT. */
  readonly durationSeconds?: number;
  readonly printPlan: boolean;
  readonly acceptUnshown: boolean;
  /** The client command after `--`; empty: an outside client connects. */
  readonly command: readonly string[];
}

export const usage = 'certify-client [--port N] [--host H] [--plan file.json] [--seed N] [--duration S] [--accept-unshown] [--print-plan] [-- <client command...>]';

const flags = new Set(['--print-plan', '--accept-unshown']);
const valued = new Set(['--port', '--plan', '--seed', '--duration', '--host']);

function whole(name: string, value: string | undefined, max: number): number {
  if (value === undefined || !/^\d+$/.test(value) || Number(value) > max)
    throw new PlanError(`${name} must be a whole number 0-${max}, received ${JSON.stringify(value ?? '')}`);
  return Number(value);
}

/**
 * Parses the arguments; a bad one throws PlanError with one line naming it (exit 2). `random`
 * draws the seed when none is given, so two runs differ unless the operator pins it.
 */
export function parseCertifyArgs(argv: readonly string[], random: () => number = Math.random): CertifyArgs {
  const split = argv.indexOf('--');
  const own = split < 0 ? argv : argv.slice(0, split);
  const command = split < 0 ? [] : argv.slice(split + 1);
  const values = new Map<string, string | undefined>();
  const seen = new Set<string>();
  for (let i = 0; i < own.length; i += 1) {
    const [name, inline] = own[i]!.split(/=(.*)/s, 2) as [string, string | undefined];
    if (flags.has(name) && inline === undefined) seen.add(name);
    else if (valued.has(name)) values.set(name, inline ?? own[(i += 1)]);
    else throw new PlanError(`unknown argument ${JSON.stringify(own[i])}; usage: ${usage}`);
  }
  if (split >= 0 && command.length === 0) throw new PlanError('no client command after --');
  const planFile = values.get('--plan');
  let plan: Plan;
  if (planFile === undefined) plan = defaultPlan();
  else {
    let text: string;
    try {
      text = readFileSync(planFile, 'utf8');
    } catch (error) {
      throw new PlanError(`--plan ${planFile}: cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    }
    plan = parsePlan(text, planFile);
  }
  return {
    port: values.has('--port') ? whole('--port', values.get('--port'), 65535) : 0,
    ...(values.get('--host') ? { host: values.get('--host')! } : {}),
    plan, planSource: planFile ?? 'default plan (derived from contract/)',
    seed: values.has('--seed') ? whole('--seed', values.get('--seed'), 2 ** 31 - 1) : Math.floor(random() * 2 ** 31),
    ...(values.has('--duration') ? { durationSeconds: whole('--duration', values.get('--duration'), 86_400) } : {}),
    printPlan: seen.has('--print-plan'),
    acceptUnshown: seen.has('--accept-unshown'),
    command,
  };
}
