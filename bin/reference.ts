import { FaultUnknownError, parseFaultList } from '../reference/faults/index.js';
import { ReadingUnknownError } from '../reference/readings.js';
import { startReference } from '../reference/server.js';
import { parseChaos, type ChaosSettings } from '../contract/chaos.js';
import { chaosLine } from './chaos-line.js';
import { variables } from '../contract/profile-variables.js';

/**
 * `npm run reference`: the embedded reference service, standalone, until Ctrl-C.
 * REFERENCE_FAULTS (comma-separated fault names), REFERENCE_READINGS (comma-separated reading names), REFERENCE_CHAOS
 * (chaos mode: transient faults at a rate, contract/chaos.ts), REFERENCE_PORT (0-65535) and
 * REFERENCE_LATENCY_MS (every reply held, as a sandbox in another region) are optional.
 */
function portFromEnv(value: string | undefined): number {
  if (value === undefined || value === '') return 0;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) {
    console.error(`REFERENCE_PORT must be a port number 0-65535, received ${JSON.stringify(value)}`);
    process.exit(2);
  }
  return port;
}

function chaosFromEnv(value: string | undefined): ChaosSettings | undefined {
  if (value === undefined || value === '') return undefined;
  const parsed = parseChaos(value);
  if (typeof parsed !== 'string') return parsed;
  console.error(`REFERENCE_CHAOS ${parsed}, received ${JSON.stringify(value)}`);
  process.exit(2);
}

/** Validated as the run validates it (contract/profile-variables.ts), so both say the same about a bad value. */
function latencyFromEnv(value: string | undefined): number {
  if (value === undefined || value === '') return 0;
  const parsed = variables.REFERENCE_LATENCY_MS.schema.safeParse(value);
  if (parsed.success) return parsed.data as number;
  console.error(`REFERENCE_LATENCY_MS ${parsed.error.issues[0]?.message ?? 'is not valid'}, received ${JSON.stringify(value)}`);
  process.exit(2);
}

async function main(): Promise<void> {
  const port = portFromEnv(process.env.REFERENCE_PORT);
  const chaos = chaosFromEnv(process.env.REFERENCE_CHAOS);
  const latencyMs = latencyFromEnv(process.env.REFERENCE_LATENCY_MS);
  const faults = parseFaultList(process.env.REFERENCE_FAULTS);
  const readings = parseFaultList(process.env.REFERENCE_READINGS);
  let reference;
  try {
    reference = await startReference({ faults, readings, port, latencyMs, ...(chaos ? { chaos } : {}) });
  } catch (error) {
    if (error instanceof FaultUnknownError) {
      console.error(`REFERENCE_FAULTS: ${error.message}`);
      process.exit(2);
    }
    if (error instanceof ReadingUnknownError) {
      console.error(`REFERENCE_READINGS: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  // Before the banner: a supervisor that reads "Press Ctrl-C" and stops it at once must find the handler in place.
  let closing = false;
  const stop = (): void => {
    if (closing) return;
    closing = true;
    if (reference.chaosInjected) console.log(chaosLine(reference.chaosInjected));
    reference.close().then(() => process.exit(0), (error: unknown) => {
      console.error(`reference did not close cleanly: ${String(error)}`);
      process.exit(1);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const env = [
    `TARGET_BASE_URL=${reference.baseUrl}`,
    `TARGET_AUTH_URL=${reference.authUrl}`,
    `TARGET_CA_FILE=${reference.caFile}`,
    `TARGET_CLIENT_ID=${reference.clientId}`,
    `TARGET_CLIENT_SECRET=${reference.clientSecret}`,
  ].join(' ');
  console.log(`Reference service listening (faults: ${faults.length > 0 ? faults.join(', ') : 'none'}; readings: ${readings.length > 0 ? readings.join(', ') : 'none'}${chaos ? `; chaos: ${chaos.kinds.join(', ')} at ${chaos.rate} each, seed ${chaos.seed ?? 0}` : ''}${latencyMs ? `; every reply held ${latencyMs} ms` : ''})`);
  console.log(`  base URL:      ${reference.baseUrl}`);
  console.log(`  token URL:     ${reference.authUrl}`);
  console.log(`  client id:     ${reference.clientId}`);
  console.log(`  client secret: ${reference.clientSecret}`);
  console.log(`  CA file:       ${reference.caFile}`);
  console.log('Run the harness against it with:');
  console.log(`  ${env} npm run conformance`);
  console.log('Press Ctrl-C to stop.');
}

await main();
