import { readFileSync } from 'node:fs';

/** What a partner's integration is told by the operator (the sandbox prints these). */
export interface ClientConfig {
  readonly baseUrl: string;
  readonly authUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** PEM of the CA that signed the target's certificate; undefined: the system CAs. */
  readonly caPem: string | undefined;
  /** The partner scope is not shown in the interface document; the sandbox grants this one. */
  readonly scope: string;
  readonly apiVersion: string;
  readonly apiVersionIn: 'header' | 'query';
  readonly rounds: number;
  /** Requests per second the client never exceeds (token endpoint included). */
  readonly rate: number;
  readonly timeoutMs: number;
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new ConfigError(`${name} is required`);
  return value;
}

function positive(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new ConfigError(`${name} must be a positive number, received ${JSON.stringify(text)}`);
  return value;
}

export class ConfigError extends Error {
  readonly code = 'CONFIG_INVALID';
}

/** Reads the TARGET_* connection details and the CLIENT_* knobs from the environment. */
export function readConfig(): ClientConfig {
  const caFile = process.env.TARGET_CA_FILE;
  const scopeBase = process.env.TARGET_SCOPE_BASE || 'https://api.example.test';
  return {
    baseUrl: required('TARGET_BASE_URL').replace(/\/+$/, ''),
    authUrl: required('TARGET_AUTH_URL'),
    clientId: required('TARGET_CLIENT_ID'),
    clientSecret: required('TARGET_CLIENT_SECRET'),
    caPem: caFile ? readFileSync(caFile, 'utf8') : undefined,
    scope: process.env.TARGET_PARTNER_SCOPE || `${scopeBase}/auth/check-cashing`,
    apiVersion: process.env.TARGET_API_VERSION || '1',
    apiVersionIn: process.env.TARGET_API_VERSION_IN === 'query' ? 'query' : 'header',
    rounds: Math.floor(positive('CLIENT_ROUNDS', 12)),
    rate: positive('CLIENT_RATE', 20),
    timeoutMs: positive('CLIENT_TIMEOUT_MS', 30_000),
  };
}
