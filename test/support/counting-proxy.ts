import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createProxy } from 'proxy';

/** A real forward proxy (the `proxy` package) on 127.0.0.1, port 0, that counts what it was asked. */
export interface CountingProxy {
  readonly url: string;
  /** CONNECT requests the proxy received, by target host:port, in order. */
  readonly tunnels: string[];
  /** CONNECT requests refused (407 or `refuseWith`). */
  readonly refused: number;
  close(): Promise<void>;
}

export interface CountingProxyOptions {
  /** `user:password` the proxy requires (Basic); a wrong or missing one gets 407. */
  readonly requireAuth?: string;
  /** Refuse every tunnel with this status (a corporate proxy's 403) instead of proxying. */
  readonly refuseWith?: number;
  /** The address the proxy's own connections to targets leave from. */
  readonly localAddress?: string;
}

export async function startCountingProxy(options: CountingProxyOptions = {}): Promise<CountingProxy> {
  const tunnels: string[] = [];
  let refused = 0;
  const server = createProxy(createServer());
  if (options.localAddress) server.localAddress = options.localAddress;
  if (options.requireAuth) {
    const expected = `Basic ${Buffer.from(options.requireAuth).toString('base64')}`;
    server.authenticate = (req: IncomingMessage) => {
      const ok = req.headers['proxy-authorization'] === expected;
      if (!ok) refused += 1;
      return ok;
    };
  }
  if (options.refuseWith) {
    // The package proxies every CONNECT it authenticates; a policy refusal is answered here instead.
    server.removeAllListeners('connect');
    server.on('connect', (_req: IncomingMessage, socket: Socket) => {
      refused += 1;
      socket.end(`HTTP/1.1 ${options.refuseWith} Forbidden\r\nContent-Length: 0\r\n\r\n`);
    });
  }
  server.prependListener('connect', (req: IncomingMessage) => { tunnels.push(req.url ?? ''); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    tunnels,
    get refused() { return refused; },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
