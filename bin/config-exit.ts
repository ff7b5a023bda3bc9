import { ConfigError } from '../contract/profile.js';

/** Runs `load`; on a ConfigError prints one line per problem and exits 2, never a stack trace. */
export function exitOnConfigError<T>(load: () => T): T {
  try {
    return load();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error('Configuration problem (nothing was sent):');
      for (const line of error.message.split('\n')) console.error(`  ${line}`);
      process.exit(2);
    }
    throw error;
  }
}
