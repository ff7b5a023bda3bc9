import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import type Forge from 'node-forge';
import { cachedCredentials, storeCredentials, type ReferenceCredentials } from './tls-cache.js';

export type { ReferenceCredentials } from './tls-cache.js';

/** Subject alternative names of the server certificate. */
export const serverNames = { ips: ['127.0.0.1', '::1'], dns: ['localhost'] } as const;

const day = 24 * 60 * 60 * 1000;

/** node-forge (about 100 ms to load) only when a certificate is made: most runs read it from the cache. */
let loaded: typeof Forge | undefined;
const forgeLib = (): typeof Forge => (loaded ??= createRequire(import.meta.url)('node-forge') as typeof Forge);
let cached: ReferenceCredentials | undefined;

/** RSA keys come from node:crypto (native, fast); forge only assembles and signs the certificates. */
function rsaKeys(): { privateKey: Forge.pki.rsa.PrivateKey; publicKey: Forge.pki.rsa.PublicKey; keyPem: string } {
  const forge = forgeLib();
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return {
    privateKey: forge.pki.privateKeyFromPem(privateKey) as Forge.pki.rsa.PrivateKey,
    publicKey: forge.pki.publicKeyFromPem(publicKey) as Forge.pki.rsa.PublicKey,
    keyPem: privateKey,
  };
}

function certificate(publicKey: Forge.pki.PublicKey, subjectCn: string): Forge.pki.Certificate {
  const cert = forgeLib().pki.createCertificate();
  cert.publicKey = publicKey;
  // A positive serial: a leading 0x01 byte keeps the top bit clear.
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - day);
  cert.validity.notAfter = new Date(Date.now() + 365 * day);
  cert.setSubject([{ name: 'commonName', value: subjectCn }, { name: 'organizationName', value: 'partner-conformance' }]);
  return cert;
}

function createCredentials(): ReferenceCredentials {
  const forge = forgeLib();
  const ca = rsaKeys();
  const caCert = certificate(ca.publicKey, 'partner-conformance reference CA');
  caCert.setIssuer(caCert.subject.attributes);
  caCert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  caCert.sign(ca.privateKey, forge.md.sha256.create());

  const server = rsaKeys();
  const cert = certificate(server.publicKey, 'localhost');
  cert.setIssuer(caCert.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: [...serverNames.ips.map((ip) => ({ type: 7, ip })), ...serverNames.dns.map((value) => ({ type: 2, value }))],
    },
    { name: 'subjectKeyIdentifier' },
    { name: 'authorityKeyIdentifier', keyIdentifier: caCert.generateSubjectKeyIdentifier().getBytes() },
  ]);
  cert.sign(ca.privateKey, forge.md.sha256.create());

  const fresh = { caPem: forge.pki.certificateToPem(caCert), keyPem: server.keyPem, certPem: forge.pki.certificateToPem(cert) };
  return { ...fresh, caFile: storeCredentials(fresh) ?? ownCaFile(fresh.caPem) };
}

/** The CA in a directory of this process's own, when the shared cache cannot be used. */
function ownCaFile(caPem: string): string {
  const caFile = join(mkdtempSync(join(tmpdir(), 'partner-reference-')), 'ca.pem');
  writeFileSync(caFile, caPem);
  return caFile;
}

/**
 * The CA and server certificate of this process, created on first use (or read from the cache a
 * run before left, reference/tls-cache.ts) and kept so that many test servers start fast. Every
 * reference of the process serves the same certificate.
 * @see decisions.md D26
 */
export function referenceCredentials(): ReferenceCredentials {
  cached ??= cachedCredentials() ?? createCredentials();
  return cached;
}
