import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import forge from 'node-forge';
import { afterEach, describe, expect, it } from 'vitest';
import { createTransport, type Transport } from '../../client/transport.js';

/** A self-signed certificate for 127.0.0.1 (its own CA). */
function selfSigned(): { key: string; cert: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 3_600_000);
  const attrs = [{ name: 'commonName', value: '127.0.0.1' }];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([{ name: 'basicConstraints', cA: true }, { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }]);
  cert.sign(forge.pki.privateKeyFromPem(key), forge.md.sha256.create());
  return { key, cert: forge.pki.certificateToPem(cert) };
}

let server: Server | undefined;
let transport: Transport | undefined;
afterEach(async () => {
  await transport?.close();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
});

describe('transport over TLS', () => {
  it('fails with TLS_FAILURE for an untrusted certificate and succeeds with its CA', async () => {
    const { key, cert } = selfSigned();
    server = createServer({ key, cert }, (_q, res) => { res.writeHead(200, { 'content-type': 'application/json' }); res.end('{}'); });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const request = { operation: 'x', method: 'POST' as const, url, query: {}, headers: {}, correlationId: 'c' };

    transport = createTransport({ timeoutMs: 2000, concurrency: 2, rateLimit: 50 });
    expect((await transport.send(request)).transportError?.code).toBe('TLS_FAILURE');
    await transport.close();

    transport = createTransport({ timeoutMs: 2000, concurrency: 2, rateLimit: 50, ca: cert });
    const ok = await transport.send(request);
    expect(ok.transportError).toBeUndefined();
    expect(ok.response?.status).toBe(200);
  });
});
