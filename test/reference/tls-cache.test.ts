import { generateKeyPairSync } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cachedCredentials, storeCredentials } from '../../reference/tls-cache.js';
import { referenceCredentials } from '../../reference/tls.js';

/**
 * The embedded reference's certificate is made once and kept between runs (reference/tls-cache.ts):
 * half a second of every run. The cache is trusted only in a directory of this user's that no one
 * else may read, with three files that belong together (the CA signed the certificate, the key is
 * the certificate's) and a certificate that lives more than a month. Each case uses a directory of
 * its own: the shared one serves the runs of `npm test` going on beside it.
 */
const { caPem, keyPem, certPem } = referenceCredentials();
function stored(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'pc-tls-cache-')), 'cache');
  const caFile = storeCredentials({ caPem, keyPem, certPem }, dir);
  expect(caFile).toMatch(new RegExp(`^${dir}/ca-[0-9a-f]{16}\\.pem$`));
  expect(readFileSync(caFile!, 'utf8')).toBe(caPem);
  return dir;
}

describe('the reference certificate cache', () => {
  it('serves what a run stored: the same certificate, the CA in the file TARGET_CA_FILE names', () => {
    const dir = stored();
    const cached = cachedCredentials(dir);
    expect(cached).toMatchObject({ caPem, keyPem, certPem });
    expect(readFileSync(cached!.caFile, 'utf8')).toBe(caPem);
  });

  it('names a CA file no later store rewrites: a run that stored another pair leaves this run\'s CA as it was', () => {
    const dir = stored();
    const mine = cachedCredentials(dir)!.caFile;
    const other = { caPem: `${caPem}\n`, keyPem, certPem };
    const theirs = storeCredentials(other, dir);
    expect(theirs).not.toBe(mine);
    expect(readFileSync(mine, 'utf8')).toBe(caPem);
  });

  it('refuses a directory others may read', () => {
    const dir = stored();
    chmodSync(dir, 0o755);
    expect(cachedCredentials(dir)).toBeUndefined();
  });

  it('refuses files that do not belong together or are not certificates', () => {
    const cases: Array<[string, string]> = [
      ['ca.pem', certPem], // the certificate does not verify against this "CA"
      ['server-key.pem', createOtherKey()], // a key that is not the certificate's (a run storing while this one read)
      ['server-cert.pem', 'not a certificate'],
    ];
    for (const [file, text] of cases) {
      const dir = stored();
      writeFileSync(join(dir, file), text, { mode: 0o600 });
      expect(cachedCredentials(dir), file).toBeUndefined();
    }
  });
});

/** A key that is not the certificate's. */
function createOtherKey(): string {
  return generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}
