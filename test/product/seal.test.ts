import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, connect, type AddressInfo } from 'node:net';
import { devNull, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../reporting/package.js';
import { isLoopback } from '../support/loopback-only.mjs';
import { sealedPrefixes } from '../support/seal.js';

/**
 * Issue 28 item 5: the self-tests are sealed (test/support/seal.ts). Here, inside one: nothing of
 * the caller's configuration, no .env, no connection outside loopback, in this process and in a
 * child. test/product/sealed.run.test.ts runs both commands with a .env naming an unreachable target.
 */
const unreachable = 'https://192.0.2.1:8443';
const tsx = pathToFileURL(join(packageRoot, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

/** The error a connection from this process ends with, or 'connected'. */
function outcome(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.on('connect', () => { socket.destroy(); resolve('connected'); });
    socket.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
  });
}

describe('a sealed self-test', () => {
  it('sees none of the caller\'s TARGET_* / CONFORMANCE_* / REFERENCE_* variables, and names no .env for its children', () => {
    expect(Object.keys(process.env).filter((n) => sealedPrefixes.test(n))).toEqual([]);
    expect(process.env.DOTENV_CONFIG_PATH).toBe(devNull);
    expect(process.env.NODE_OPTIONS).toMatch(/--import=file:\S+\/loopback-only\.mjs/);
  });

  it('writes its temporary files under the session\'s own directory, which the global setup removes at the end', () => {
    // test/support/temp-root.ts: ~250 runs left about 1 GB of reports in the system temp directory per npm test.
    expect(tmpdir()).toMatch(/[\\/]pc-self-tests-[^\\/]+$/);
    expect(existsSync(tmpdir())).toBe(true);
  });

  it('tells loopback from anything else', () => {
    for (const h of ['127.0.0.1', '127.0.0.2', '::1', '[::1]', '::ffff:127.0.0.1', 'localhost', undefined]) expect(isLoopback(h), String(h)).toBe(true);
    for (const h of ['192.0.2.1', '10.0.0.1', '::ffff:10.0.0.1', 'sandbox.partner.example', 'registry.npmjs.org', '0.0.0.0']) expect(isLoopback(h), h).toBe(false);
  });

  it('refuses a connection outside loopback and keeps loopback working, here and in a child node process', async () => {
    expect(await outcome('192.0.2.1', 443)).toBe('SEALED_NETWORK');
    const server = createServer((s) => s.end()).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      expect(await outcome('127.0.0.1', (server.address() as AddressInfo).port)).toBe('connected');
    } finally {
      server.close();
    }
    const child = spawnSync(process.execPath, ['-e', "require('node:net').connect(443, '192.0.2.1').on('error', (e) => console.log(e.code))"], { encoding: 'utf8' });
    expect(child.stdout.trim()).toBe('SEALED_NETWORK');
  });

  it('a command in a directory with a .env reads the .env only when unsealed', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'pc-seal-'));
    writeFileSync(join(cwd, '.env'), `TARGET_BASE_URL=${unreachable}\nTARGET_CLIENT_ID=partner\nTARGET_CLIENT_SECRET=secret-value-1\nREPORT_DIR=${join(cwd, 'from-dotenv')}\n`);
    // bin/openapi.ts loads the .env (bin/dotenv.ts) and writes the document where REPORT_DIR says, naming the target's token URL.
    const openapi = (env: NodeJS.ProcessEnv) => spawnSync(process.execPath, ['--import', tsx, join(packageRoot, 'bin', 'openapi.ts')], { cwd, env, encoding: 'utf8' });
    const sealed = openapi(process.env);
    expect(sealed.status, sealed.stderr).toBe(0);
    expect(readFileSync(join(cwd, 'reports', 'openapi.json'), 'utf8')).not.toContain('192.0.2.1');
    expect(existsSync(join(cwd, 'from-dotenv'))).toBe(false);
    // The same command without the seal's DOTENV_CONFIG_PATH reads the .env: the seal is what kept it out.
    const { DOTENV_CONFIG_PATH: _sealed, ...unsealed } = process.env;
    expect(openapi(unsealed).status).toBe(0);
    expect(readFileSync(join(cwd, 'from-dotenv', 'openapi.json'), 'utf8')).toContain('192.0.2.1');
  });
});
