import { resolve } from 'node:path';
import { clearTrafficParts, trafficDirVariable, writeTrafficHar } from '../client/traffic-log.js';
import { harnessVersion } from '../reporting/package.js';

/**
 * The end of a run that recorded its traffic (CONFORMANCE_RECORD_TRAFFIC): the workers' entries
 * become one HAR file, and the run says where it is and that it is not masked.
 */
export function announceTraffic(env: NodeJS.ProcessEnv): void {
  const dir = env[trafficDirVariable];
  if (!dir) return;
  const written = writeTrafficHar(dir, { name: 'partner-conformance', version: harnessVersion });
  if (!written) return void console.log(`Traffic: nothing was recorded in ${resolve(dir)}.`);
  console.log(`Traffic: ${written.entries} exchanges recorded in ${resolve(written.file)} (unmasked, as any HAR: keep it as you keep credentials; audit it with partner-conformance audit ${written.file}).`);
}

/** Before a run: entries a killed earlier run left behind are not this run's traffic. */
export function prepareTraffic(env: NodeJS.ProcessEnv): void {
  if (env[trafficDirVariable]) clearTrafficParts(env[trafficDirVariable]!);
}
