import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as undici from 'undici';
import { Agent, EnvHttpProxyAgent, request } from '../../client/undici-parts.js';
import { startServer, type TestServer } from './servers.js';
import { packageRoot } from '../../reporting/package.js';

/**
 * client/undici-parts.ts loads three of undici's files instead of its index (issue 29: start-up
 * of every worker). These tests fail when an undici upgrade moves or changes those files.
 */
describe('undici parts', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer((req, res, body) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ method: req.method, url: req.url, body }));
    });
  });
  afterAll(async () => { await server.close(); });

  it('are the classes undici\'s index exports', () => {
    expect(Agent).toBe(undici.Agent);
    expect(EnvHttpProxyAgent).toBe(undici.EnvHttpProxyAgent);
    // The index adds request to every dispatcher: the file the client calls is that function.
    const api = createRequire(import.meta.url)('undici/lib/api/index.js') as { request: unknown };
    expect((undici.Agent.prototype as unknown as { request: unknown }).request).toBe(api.request);
  });

  it('give every dispatcher its API methods in a process that never loads undici\'s index (a proxy tunnel calls connect)', () => {
    // This file imports undici's index, which adds them itself: a run's process does not.
    const probe = `const m = await import('./client/undici-parts.ts'); const a = new m.Agent();
      const index = Object.keys((await import('node:module')).createRequire(import.meta.url).cache).some((k) => k.endsWith('/undici/index.js'));
      console.log(JSON.stringify({ index, methods: ['request', 'connect', 'stream', 'pipeline', 'upgrade'].map((k) => typeof a[k]) })); await a.close();`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', probe], { cwd: packageRoot, encoding: 'utf8', timeout: 30_000 });
    expect(JSON.parse(child.stdout || '{}'), child.stderr).toEqual({ index: false, methods: ['function', 'function', 'function', 'function', 'function'] });
  });

  it('request sends what undici\'s request sends: method, path, query and body', async () => {
    const agent = new Agent();
    const url = `${server.url}/api/v1/cards?customerId=a%20b&apiVersion=1`;
    const ours = await request(url, { dispatcher: agent, method: 'POST', body: '{"x":1}', headers: { 'content-type': 'application/json' } });
    const theirs = await undici.request(url, { dispatcher: agent, method: 'POST', body: '{"x":1}', headers: { 'content-type': 'application/json' } });
    expect(ours.statusCode).toBe(200);
    expect(await ours.body.json()).toEqual(await theirs.body.json());
    expect(server.requests.map((r) => r.url)).toEqual(['/api/v1/cards?customerId=a%20b&apiVersion=1', '/api/v1/cards?customerId=a%20b&apiVersion=1']);
    const plain = await request(`${server.url}/`, { dispatcher: agent });
    expect(await plain.body.json()).toMatchObject({ method: 'GET', url: '/' });
    await agent.close();
  });
});
