/**
 * The self-tests' network seal: every TCP connection this process opens must go to loopback
 * (127.0.0.0/8, ::1, localhost) or a local socket path. Anything else fails at once with a
 * SEALED_NETWORK error naming the address, so a self-test can never reach a partner's sandbox
 * because of a caller's .env or TARGET_* variable. Plain JavaScript: test/support/seal.ts loads it
 * in the test workers and hands it to every child node process through NODE_OPTIONS (--import),
 * where no TypeScript loader may be registered yet.
 */
import net from 'node:net';

const marker = Symbol.for('partner-conformance.loopback-only');

/** A literal loopback address or the loopback name; any other name would need a lookup that may leave the host. */
export function isLoopback(host) {
  const h = String(host ?? 'localhost').replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost') || h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  const v4 = h.startsWith('::ffff:') ? h.slice(7) : h;
  return net.isIPv4(v4) && v4.startsWith('127.');
}

/** Host and path of a Socket#connect call: (options), (port, host), (path) or the internal [options, cb] form. */
function target(args) {
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  if (first && typeof first === 'object') return { path: first.path, host: first.host };
  if (typeof first === 'string' && !/^\d+$/.test(first)) return { path: first };
  return { host: typeof args[1] === 'string' ? args[1] : undefined };
}

if (!net.Socket.prototype[marker]) {
  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function sealedConnect(...args) {
    const { path, host } = target(args);
    if (path === undefined && !isLoopback(host)) {
      const error = Object.assign(new Error(`self-test sealed: a connection to ${host} was refused (only loopback is allowed; set nothing of a real target in a self-test)`), { code: 'SEALED_NETWORK' });
      process.nextTick(() => this.destroy(error));
      return this;
    }
    return connect.apply(this, args);
  };
  net.Socket.prototype[marker] = true;
}
