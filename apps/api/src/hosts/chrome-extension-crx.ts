import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';

/**
 * Chrome's packed extension format, CRX3, as Chromium writes and checks it
 * (components/crx_file: crx3.proto, crx_creator.cc, crx_verifier.cc): the magic "Cr24", the
 * format version 3 and the header's length (little-endian 32-bit), a protobuf CrxFileHeader,
 * then the zip. The header holds the RSA public key and a SHA-256 signature over
 * "CRX3 SignedData\0", the signed data's length, the signed data (the extension's 16-byte id)
 * and the zip. Chrome installs a self-hosted extension (enterprise policy) only in this form.
 */

const MAGIC = Buffer.from('Cr24', 'latin1');
const SIGNATURE_CONTEXT = Buffer.from('CRX3 SignedData\x00', 'latin1');
/** CrxFileHeader's fields: sha256_with_rsa (2), signed_header_data (10000); AsymmetricKeyProof: public_key (1), signature (2); SignedData: crx_id (1). */
const FIELD = { rsaProof: 2, signedHeaderData: 10_000, publicKey: 1, signature: 2, crxId: 1 } as const;

function varint(value: number): Buffer {
  const bytes: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    bytes.push((rest & 0x7f) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  bytes.push(rest);
  return Buffer.from(bytes);
}

/** One length-delimited protobuf field (wire type 2): every field of the CRX3 header is bytes or a message. */
const field = (number: number, bytes: Buffer) => Buffer.concat([varint(number * 8 + 2), varint(bytes.length), bytes]);

const uint32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value);
  return bytes;
};

/** The first 16 bytes of the SHA-256 of the public key (DER SubjectPublicKeyInfo): Chrome's crx_id. */
export const crxId = (publicKeyDer: Buffer) => createHash('sha256').update(publicKeyDer).digest().subarray(0, 16);

/** The extension id Chrome shows and policies name: the crx_id's hex digits written with the letters a to p. */
export const extensionIdOf = (publicKeyDer: Buffer) =>
  [...crxId(publicKeyDer).toString('hex')].map((digit) => String.fromCharCode(97 + parseInt(digit, 16))).join('');

const signedBytes = (signedHeaderData: Buffer, archive: Uint8Array) =>
  Buffer.concat([SIGNATURE_CONTEXT, uint32(signedHeaderData.length), signedHeaderData, archive]);

/** The CRX3 file of `archive` (a zip of the extension) signed with `privateKey` (RSA). */
export function packCrx3(archive: Uint8Array, privateKey: KeyObject): Buffer {
  const publicKey = createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
  const signedHeaderData = field(FIELD.crxId, crxId(publicKey));
  const signature = sign('sha256', signedBytes(signedHeaderData, archive), privateKey);
  const header = Buffer.concat([
    field(FIELD.rsaProof, Buffer.concat([field(FIELD.publicKey, publicKey), field(FIELD.signature, signature)])),
    field(FIELD.signedHeaderData, signedHeaderData),
  ]);
  return Buffer.concat([MAGIC, uint32(3), uint32(header.length), header, archive]);
}

type Fields = Map<number, Buffer[]>;

/** The length-delimited fields of a protobuf message, by number (anything else refused). */
function readFields(message: Buffer): Fields {
  const fields: Fields = new Map();
  let offset = 0;
  const readVarint = () => {
    let value = 0;
    let scale = 1;
    for (;;) {
      if (offset >= message.length) throw new Error('CRX header ends inside a number');
      const byte = message[offset++]!;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 0x80;
    }
  };
  while (offset < message.length) {
    const key = readVarint();
    if (key % 8 !== 2) throw new Error(`CRX header field ${Math.floor(key / 8)} is not length-delimited`);
    const length = readVarint();
    if (offset + length > message.length) throw new Error('CRX header field runs past its end');
    const number = Math.floor(key / 8);
    fields.set(number, [...(fields.get(number) ?? []), message.subarray(offset, offset + length)]);
    offset += length;
  }
  return fields;
}

/**
 * Reads a CRX3 file as Chromium's verifier does: the magic and version, a proof whose key's
 * crx_id is the one the signed data names, and that key's signature over the signed data and
 * the zip. Returns the key, the extension id and the zip; throws saying what is wrong.
 */
export function readCrx3(file: Buffer): { publicKey: Buffer; extensionId: string; archive: Buffer } {
  if (file.length < 12 || !file.subarray(0, 4).equals(MAGIC)) throw new Error('not a CRX file (no Cr24 magic)');
  if (file.readUInt32LE(4) !== 3) throw new Error(`CRX format ${file.readUInt32LE(4)}, not 3`);
  const headerLength = file.readUInt32LE(8);
  const header = readFields(file.subarray(12, 12 + headerLength));
  const archive = file.subarray(12 + headerLength);
  const signedHeaderData = header.get(FIELD.signedHeaderData)?.[0];
  if (!signedHeaderData) throw new Error('CRX header has no signed data');
  const declaredId = readFields(signedHeaderData).get(FIELD.crxId)?.[0];
  if (!declaredId || declaredId.length !== 16) throw new Error('CRX signed data has no 16-byte crx_id');
  for (const proof of header.get(FIELD.rsaProof) ?? []) {
    const proofFields = readFields(proof);
    const publicKey = proofFields.get(FIELD.publicKey)?.[0];
    const signature = proofFields.get(FIELD.signature)?.[0];
    if (!publicKey || !signature || !crxId(publicKey).equals(declaredId)) continue;
    const key = createPublicKey({ key: publicKey, format: 'der', type: 'spki' });
    if (!verify('sha256', signedBytes(signedHeaderData, archive), key, signature)) throw new Error('CRX signature does not verify');
    return { publicKey, extensionId: extensionIdOf(publicKey), archive };
  }
  throw new Error('CRX has no RSA proof by the key its crx_id names');
}

/**
 * The key the server signs its extension with. The extension id follows from it, and Chrome
 * takes an update only when it is signed by the key it installed with, so every process of a
 * deployment must use the same one: read from `keyFile` (PEM, PKCS#8) where one is given,
 * otherwise made once and kept in the database (`storedKey`), as the generated JWT secret is.
 */
export function extensionSigningKey(options: { keyFile: string | null; storedKey(make: () => string): Promise<string> }) {
  let key: Promise<KeyObject> | null = null;
  const load = async () => {
    const pem = options.keyFile
      ? await readFile(options.keyFile, 'utf8')
      : await options.storedKey(() =>
          generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        );
    return createPrivateKey(pem);
  };
  return () =>
    (key ??= load().catch((error: unknown) => {
      key = null;
      throw error;
    }));
}

const xmlAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&apos;').replace(/</g, '&lt;');

/**
 * The update manifest Chrome fetches from the update URL (policy ExtensionInstallForcelist,
 * the manifest's update_url): the gupdate document naming the extension's id, the CRX's
 * address and its version.
 */
export function updateManifestXml(options: { extensionId: string; crxUrl: string; version: string }): string {
  return [
    "<?xml version='1.0' encoding='UTF-8'?>",
    "<gupdate xmlns='http://www.google.com/update2/response' protocol='2.0'>",
    `  <app appid='${xmlAttribute(options.extensionId)}'>`,
    `    <updatecheck codebase='${xmlAttribute(options.crxUrl)}' version='${xmlAttribute(options.version)}' />`,
    '  </app>',
    '</gupdate>',
    '',
  ].join('\n');
}
