import { loadProfile, type Profile } from '../../../contract/profile.js';
import { createPartnerClient, type PartnerClient, type Session } from '../../../client/index.js';
import { ResultSink } from '../../../reporting/recorder.js';
import type { SuiteRecord } from '../../../reporting/result.js';
import { Footprint } from '../state/footprint.js';
import { HealthLog } from './health.js';

/**
 * What a suite file works with: the profile, one client (token cache, limits, redaction), the
 * partner session, the run's footprint and the result sink, all built once per vitest worker
 * from the TARGET_* variables that bin/conformance.ts resolved. The context object itself is one
 * per suite file: fixtures memoised on it (a customer with a card) live as long as the file whose
 * afterAll deletes their cards. What must last as long as the worker is keyed on `client`.
 */
export interface HarnessContext {
  readonly profile: Profile;
  readonly client: PartnerClient;
  readonly runSeed: number;
  /** Short id of this run, used to tag what it creates on a shared sandbox. */
  readonly runId: string;
  /** The partner session, opened on first use (AuthenticatePartner with the profile's deviceId). */
  session(): Promise<Session>;
  readonly footprint: Footprint;
  /** Transient faults the target showed and what recovered them (health.ts). */
  readonly health: HealthLog;
  record(r: SuiteRecord): void;
  /** Credentials of a client whose AuthenticatePartner is denied, when the run knows one. */
  readonly deniedClient?: { readonly clientId: string; readonly clientSecret: string };
}

/** Thrown when the suites run without bin/conformance.ts having resolved the target. */
export class TargetNotResolvedError extends Error {
  readonly code = 'TARGET_NOT_RESOLVED';
  constructor() {
    super('TARGET_BASE_URL must be set for the suites; run them with `npm run conformance`, which starts the embedded reference when no target is given');
    this.name = 'TargetNotResolvedError';
  }
}

let worker: HarnessContext | undefined;

/** A new context per call (one per suite file) over the worker's client, session, footprint and sink. */
export function harness(env: NodeJS.ProcessEnv = process.env): HarnessContext {
  worker ??= buildContext(env);
  return { ...worker };
}

function buildContext(env: NodeJS.ProcessEnv): HarnessContext {
  const profile = loadProfile(env);
  if (!profile.target) throw new TargetNotResolvedError();
  // The footprint counts every exchange the client records: requests per operation, customers enrolled.
  const footprint = new Footprint(profile.reportDir);
  const health = new HealthLog(profile.reportDir);
  const client = createPartnerClient({ profile, target: profile.target, recorder: footprint.countingRecorder((x) => health.exchange(x)) });
  client.redactor.learn(profile.target.clientSecret, 'clientSecret');
  const sink = new ResultSink({ reportDir: profile.reportDir, redact: (t) => client.redactor.redact(t) });
  const runSeed = profile.seed ?? 0;
  const runId = `r${(runSeed >>> 0).toString(36)}`;
  let opening: Promise<Session> | undefined;
  const denied = env.TARGET_DENIED_CLIENT_ID && env.TARGET_DENIED_CLIENT_SECRET
    ? { clientId: env.TARGET_DENIED_CLIENT_ID, clientSecret: env.TARGET_DENIED_CLIENT_SECRET }
    : undefined;
  if (denied) client.redactor.learn(denied.clientSecret, 'clientSecret');
  return {
    profile,
    client,
    runSeed,
    runId,
    // A session that could not be opened (a lost reply, a 503 left after the retries) is opened again by the next caller.
    session: () => (opening ??= client.openSession().catch((error: unknown) => {
      opening = undefined;
      throw error;
    })),
    footprint,
    health,
    record: (r) => sink.record(r),
    ...(denied ? { deniedClient: denied } : {}),
  };
}
