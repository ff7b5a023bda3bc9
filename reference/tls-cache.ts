import { createHash, createPrivateKey, X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

/** The CA and the server certificate it issued, PEM encoded. */
export interface ReferenceCredentials {
  readonly caPem: string;
  readonly keyPem: string;
  readonly certPem: string;
  /** The CA certificate written to a temp file (TARGET_CA_FILE). */
  readonly caFile: string;
}

/**
 * The embedded reference's CA and server certificate, kept on disk between runs. Two RSA keys and
 * two signatures cost about half a second, paid by every `npm run conformance` and by each of the
 * ~250 runs of `npm test` before this cache. The CA is trusted only by the harness's own runs
 * (TARGET_CA_FILE) and names only loopback, so a copy in a directory of this user's (0700) is as
 * safe as the fresh one; a directory another user owns, a missing or unreadable file, or a
 * certificate with less than a month to live is replaced by a fresh pair.
 */
const folder = () => join(tmpdir(), `partner-conformance-reference-tls-${userInfo().uid}`);
const month = 30 * 24 * 60 * 60 * 1000;
const files = { caPem: 'ca.pem', keyPem: 'server-key.pem', certPem: 'server-cert.pem' } as const;

function ownFolder(dir: string): boolean {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = statSync(dir);
  return stat.uid === userInfo().uid && (stat.mode & 0o077) === 0;
}

/** The cached credentials, or undefined when there are none this user can trust and use. */
export function cachedCredentials(dir = folder()): ReferenceCredentials | undefined {
  try {
    if (!ownFolder(dir)) return undefined;
    const [caPem, keyPem, certPem] = [files.caPem, files.keyPem, files.certPem].map((f) => readFileSync(join(dir, f), 'utf8')) as [string, string, string];
    const cert = new X509Certificate(certPem);
    const ca = new X509Certificate(caPem);
    const lasts = (c: X509Certificate) => Date.parse(c.validTo) - Date.now() > month;
    // A run storing a fresh pair while this one reads may mix the two: the three files must belong together.
    if (!lasts(cert) || !lasts(ca) || !cert.verify(ca.publicKey) || !cert.checkPrivateKey(createPrivateKey(keyPem))) return undefined;
    return { caPem, keyPem, certPem, caFile: caFileOf(dir, caPem) };
  } catch {
    return undefined;
  }
}

/**
 * The file TARGET_CA_FILE names: the CA under a name of its own content's hash, never rewritten.
 * `ca.pem` is replaced whenever a run stores a fresh pair (two runs starting on an empty cache both
 * make one), and a run whose clients read it after that distrusted its own server: every request of
 * the self-tests' first runs failed with UNABLE_TO_VERIFY_LEAF_SIGNATURE.
 */
function caFileOf(dir: string, caPem: string): string {
  const file = join(dir, `ca-${createHash('sha256').update(caPem).digest('hex').slice(0, 16)}.pem`);
  if (!existsSync(file)) {
    const aside = `${file}.${process.pid}`;
    writeFileSync(aside, caPem, { mode: 0o600 });
    renameSync(aside, file);
  }
  return file;
}

/** Stores fresh credentials for the next run (each file written aside, then renamed: runs start side by side). */
export function storeCredentials(credentials: Omit<ReferenceCredentials, 'caFile'>, dir = folder()): string | undefined {
  try {
    if (!ownFolder(dir)) return undefined;
    for (const [key, name] of Object.entries(files) as Array<[keyof typeof files, string]>) {
      const aside = join(dir, `${name}.${process.pid}`);
      writeFileSync(aside, credentials[key], { mode: 0o600 });
      renameSync(aside, join(dir, name));
    }
    return caFileOf(dir, credentials.caPem);
  } catch {
    return undefined;
  }
}
