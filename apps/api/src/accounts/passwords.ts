import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

const memoryFor = (cost: number, blockSize: number) => 128 * cost * blockSize * 2;

/**
 * scrypt, a memory-hard KDF. The parameters travel with the hash
 * (`scrypt$N$r$p$salt$key`), so raising the cost later keeps old hashes valid.
 */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(16);
  const options = { N: cost, r: 8, p: 1, maxmem: memoryFor(cost, 8) };
  const key = await derive(password, salt, options);
  return ['scrypt', cost, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, cost, blockSize, parallel, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !cost || !blockSize || !parallel || !salt || !key) return false;
  const N = Number(cost);
  const r = Number(blockSize);
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), {
    N,
    r,
    p: Number(parallel),
    maxmem: memoryFor(N, r),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
