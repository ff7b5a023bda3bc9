import { describe, expect, it } from 'vitest';
import { createTransport } from '../../client/transport.js';
import { json, startServer } from './servers.js';

// Regression: localAddress sat under undici's connect options, where undici overrides it,
// so requests left from 127.0.0.1 whatever source address was asked for.
describe('transport source address', () => {
  it('sends from the local address it is given', async () => {
    const server = await startServer((req, res) => json(res, 200, { from: req.socket.remoteAddress }));
    const transport = createTransport({ timeoutMs: 5_000, concurrency: 1, rateLimit: 100, localAddress: '127.0.0.2' });
    try {
      const x = await transport.send({ operation: 'Probe', method: 'GET', url: server.url, query: {}, headers: {}, correlationId: 'c' });
      expect((x.response?.json as { from: string }).from).toBe('127.0.0.2');
    } finally {
      await transport.close();
      await server.close();
    }
  });
});
