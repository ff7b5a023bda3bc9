import { startReference, type RunningReference } from '../reference/server.js';
import type { ObservedExchange } from '../contract/observed-exchange.js';
import { toObservation, type Observation } from './observations.js';
import type { Plan } from './plan.js';
import { Scenario, schedule, type ScheduledAnswer } from './scenario.js';

/** What a partner's integration is given: the TARGET_* variables of a conformance run. */
export interface ConnectionDetails {
  readonly TARGET_BASE_URL: string;
  readonly TARGET_AUTH_URL: string;
  readonly TARGET_CLIENT_ID: string;
  readonly TARGET_CLIENT_SECRET: string;
  readonly TARGET_CA_FILE: string;
}

export interface Sandbox {
  readonly details: ConnectionDetails;
  readonly planned: readonly ScheduledAnswer[];
  readonly secrets: readonly string[];
  readonly startedAt: Date;
  /** Every exchange so far, in arrival order. */
  observations(): Observation[];
  close(): Promise<void>;
}

export interface SandboxOptions {
  readonly plan: Plan;
  readonly seed: number;
  readonly port?: number;
  readonly host?: string;
}

/**
 * The embedded reference as a certification sandbox: the plan's answers go in through the
 * reference's interceptor hook, every exchange comes out through its observer. The reference
 * itself answers everything else, with its real state (sessions, customers, cards).
 */
export async function startSandbox(options: SandboxOptions): Promise<Sandbox> {
  const planned = schedule(options.plan, options.seed);
  const scenario = new Scenario(options.plan, planned);
  const seen: ObservedExchange[] = [];
  const startedAt = new Date();
  const reference: RunningReference = await startReference({
    port: options.port ?? 0,
    ...(options.host ? { host: options.host } : {}),
    interceptor: scenario.intercept,
    observer: (e) => seen.push(e),
  });
  const tokenPath = new URL(reference.authUrl).pathname;
  return {
    details: {
      TARGET_BASE_URL: reference.baseUrl,
      TARGET_AUTH_URL: reference.authUrl,
      TARGET_CLIENT_ID: reference.clientId,
      TARGET_CLIENT_SECRET: reference.clientSecret,
      TARGET_CA_FILE: reference.caFile,
    },
    planned,
    secrets: [reference.clientSecret],
    startedAt,
    observations: () => [...seen].sort((a, b) => a.seq - b.seq).map((e) => toObservation(e, scenario.answered.get(e.seq), tokenPath)),
    close: () => reference.close(),
  };
}
