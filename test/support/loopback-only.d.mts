/** test/support/loopback-only.mjs: true for a loopback address or name (127.0.0.0/8, ::1, localhost). */
export function isLoopback(host: string | undefined): boolean;
