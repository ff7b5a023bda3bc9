import { ConfigError, readConfig, type ClientConfig } from './config.js';
import { PartnerApi, type RetryPolicy } from './partner-api.js';
import { runRounds } from './round.js';
import { openTransport, type HttpRequest, type Outcome } from './transport.js';
import type { TokenSource } from './token.js';

export interface ClientPolicy {
  readonly tokens: TokenSource;
  readonly retries: RetryPolicy;
}

/**
 * Runs a client: reads the configuration, walks CLIENT_ROUNDS rounds with the given token and
 * retry policy, exits 0 once the rounds ran (whatever the answers), 2 on a bad configuration.
 */
export async function runClient(policyFor: (config: ClientConfig, send: (r: HttpRequest) => Promise<Outcome>) => ClientPolicy): Promise<void> {
  let config: ClientConfig;
  try {
    config = readConfig();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : `configuration could not be read: ${String(error)}`);
    process.exit(2);
  }
  const transport = openTransport(config);
  const policy = policyFor(config, transport.send);
  await runRounds(new PartnerApi(config, transport.send, policy.tokens, policy.retries), config.rounds);
  await transport.close();
}
