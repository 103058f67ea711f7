import type { Passkey } from '../../../common/schemas/passkeys.js';
import type { PasskeyRow } from './passkeys.repository.js';

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** A passkey as its owner sees it: never its credential id, key or counter. */
export function presentPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    transports: row.transports ? row.transports.split(',') : [],
    createdAt: iso(row.created_at)!,
    lastUsedAt: iso(row.last_used_at),
  };
}
