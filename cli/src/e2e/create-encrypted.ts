import { EXTREME_PASTE_BYTES, JSON_CREATE_MAX_BYTES } from '../../../src/common/constants.js';
import {
  chunkCount,
  exportKeyText,
  generateKey,
  sealedLineTableSize,
  sealLineTable,
  sealTitle,
  toBase64,
} from '../../../src/common/paste-crypto/index.js';
import type { CreatePasteResult, ResponseOf } from '../../../src/common/schemas/responses.js';
import { chunkedUpload } from '../chunked-upload.js';
import type { Client } from '../client.js';
import type { Created } from '../create.js';
import type { PasteOptions, SourceFile } from '../paste-source.js';
import { SealedFile } from './sealed-file.js';

const base64Length = (bytes: number) => 4 * Math.ceil(bytes / 3);

/**
 * Standard base64 of a stream of bytes, as it streams: 3 bytes make 4 characters, so up to 2 bytes
 * wait for the next piece. Each piece is encoded where it lies (no copy of it is made).
 */
async function* base64(pieces: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  let rest = Buffer.alloc(0);
  for await (const piece of pieces) {
    let bytes = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    if (rest.length > 0) {
      const lead = Math.min(bytes.length, 3 - rest.length);
      rest = Buffer.concat([rest, bytes.subarray(0, lead)]);
      bytes = bytes.subarray(lead);
      if (rest.length < 3) continue;
      yield rest.toString('base64');
    }
    const whole = bytes.length - (bytes.length % 3);
    if (whole > 0) yield bytes.subarray(0, whole).toString('base64');
    rest = Buffer.from(bytes.subarray(whole));
  }
  if (rest.length > 0) yield rest.toString('base64');
}

/**
 * The JSON create of a sealed file, as a body that streams: the fields, then `content` (the pse1
 * stream in base64) sealed and encoded as it is sent, then — over 10 MB sealed, as the browser
 * does — `sealedLineTable`, counted meanwhile. Its length is known before a byte is sealed (the
 * format fixes every size), so the server reads it with a Content-Length.
 */
function jsonCreate(fields: Record<string, unknown>, sealed: SealedFile, key: CryptoKey, plainSize: number) {
  const head = Buffer.from(`${JSON.stringify(fields).slice(0, -1)},"content":"`);
  const withTable = sealed.size > EXTREME_PASTE_BYTES;
  const tableLength = withTable ? base64Length(sealedLineTableSize(chunkCount(plainSize))) : 0;
  const tail = Buffer.from(withTable ? '","sealedLineTable":"' : '"}');
  const end = Buffer.from(withTable ? '"}' : '');
  async function* body() {
    yield head;
    yield* base64(sealed.read(0, sealed.size));
    yield tail;
    if (!withTable) return;
    const table = Buffer.from(toBase64(await sealLineTable(key, sealed.lineTable())));
    if (table.length !== tableLength) throw new Error('the sealed line table is not the size foretold');
    yield table;
    yield end;
  }
  return { length: head.length + base64Length(sealed.size) + tail.length + tableLength + end.length, body };
}

/**
 * `--e2e`: the file sealed here under a new random key (docs/encryption.md, through the shared
 * paste-crypto), title included; the site gets ciphertext only, and the key goes only into the
 * link printed. Up to what one JSON create carries (~37 MB) in one streamed request, as visitors
 * may; above, in chunks (an account's API key), with the line table at finalize. Nothing is held
 * in memory but a chunk at a time.
 */
export async function createEncrypted(
  client: Client,
  file: SourceFile,
  options: PasteOptions,
  env: NodeJS.ProcessEnv,
): Promise<Created> {
  const key = await generateKey();
  const [keyText, sealedTitle] = await Promise.all([exportKeyText(key), sealTitle(key, options.title ?? '')]);
  const sealed = new SealedFile(file, key);
  const fields = {
    privacy: options.privacy,
    expiration: options.expiration,
    language: options.language,
    password: options.password,
    encrypted: true,
    sealedTitle,
  };
  const link = (id: string) => `${client.target.url}/paste/${id}#${keyText}`;
  const json = jsonCreate(fields, sealed, key, file.size);
  if (json.length <= JSON_CREATE_MAX_BYTES) {
    const headers = { 'content-type': 'application/json', 'content-length': String(json.length) };
    // A key's create is the v1 API's (the key is no authority on the web's create); a visitor's the web's.
    const created = client.target.key
      ? await client.streamPost<ResponseOf<'POST /api/v1/pastes'>>('/api/v1/pastes', headers, json.body())
      : await client.streamPost<CreatePasteResult>('/api/pastes', headers, json.body());
    return { ...created, url: link(created.id) };
  }
  const { id, ...rest } = await chunkedUpload(
    client,
    {
      size: sealed.size,
      read: (start, length) => sealed.read(start, length),
      // The title travels sealed only.
      init: { ...fields, title: '' },
      finalize: async () => ({ sealedLineTable: toBase64(await sealLineTable(key, sealed.lineTable())) }),
      chunkSize: options.chunkSize,
    },
    env,
  );
  return { id, url: link(id), ...rest };
}
