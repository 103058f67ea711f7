import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * A passkey authenticator in node (ES256, attestation "none"), for HTTP tests of the rules that
 * need no browser: it answers the server's options as a browser with a platform authenticator
 * would (the same JSON @simplewebauthn/browser sends), and can be told to misbehave (another
 * origin, a counter that does not move on).
 */

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

/** The few CBOR types an attestation object uses. */
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts: Buffer[] = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer) => data.toString('base64url');

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

interface Options {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
  user?: { id: string };
}

export interface SoftwarePasskey {
  credentialId: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  userHandle: string;
  rpId: string;
  counter: number;
}

export class SoftwareAuthenticator {
  /** The origin the browser would put in client data. */
  origin: string;
  /** False: the authenticator reports user presence only (no PIN or biometric). */
  verifiesUser = true;
  /** How much the signature counter moves per use (0: a passkey that keeps none, as synced ones do). */
  counterStep = 1;
  readonly passkeys: SoftwarePasskey[] = [];

  constructor(origin: string) {
    this.origin = origin;
  }

  private authData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
    const c = Buffer.alloc(4);
    c.writeUInt32BE(counter >>> 0);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), c, ...(attested ? [attested] : [])]);
  }

  private clientData(type: string, challenge: string, origin = this.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create() with these options: the answer to POST it back with. */
  register(options: Options, opts: { origin?: string } = {}) {
    const rpId = options.rp?.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const credentialId = randomBytes(32);
    const cose = cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, cose]);
    const flags = UP | AT | (this.verifiesUser ? UV : 0);
    const authData = this.authData(rpId, flags, 0, attested);
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const passkey: SoftwarePasskey = {
      credentialId,
      privateKey,
      publicKey,
      userHandle: options.user?.id ?? '',
      rpId,
      counter: 0,
    };
    this.passkeys.push(passkey);
    return {
      id: b64url(credentialId),
      rawId: b64url(credentialId),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, opts.origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get() with these options, by the newest passkey unless one is given. */
  authenticate(
    options: Options,
    opts: { origin?: string; passkey?: SoftwarePasskey; counter?: number } = {},
  ) {
    const passkey = opts.passkey ?? this.passkeys.at(-1);
    if (!passkey) throw new Error('the software authenticator holds no passkey');
    passkey.counter = opts.counter ?? passkey.counter + this.counterStep;
    const flags = UP | (this.verifiesUser ? UV : 0);
    const authData = this.authData(options.rpId ?? passkey.rpId, flags, passkey.counter);
    const clientData = this.clientData('webauthn.get', options.challenge, opts.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), passkey.privateKey);
    return {
      id: b64url(passkey.credentialId),
      rawId: b64url(passkey.credentialId),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: passkey.userHandle,
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }
}
