import fs from 'node:fs';
import { z } from 'zod';
import {
  type IdentityProviderSetting,
  identityProviderSettingSchema,
  LDAP_DEFAULTS,
  OIDC_DEFAULTS,
} from '../../common/schemas/identity.js';

/**
 * The sign-in providers an operator sets in the environment (OIDC_PROVIDERS, LDAP_PROVIDERS), for
 * config.ts, the only reader of process.env. Each entry is checked with the very rules the admin's
 * panel uses; a problem names the variable, the entry and the field, never a value (the entries
 * hold secrets).
 */

const entries = z.array(z.record(z.string(), z.unknown())).max(20);

/** One OIDC_PROVIDERS entry with the defaults filled in; `kind` may say 'github'. */
function oidcEntry(e: Record<string, unknown>): Record<string, unknown> {
  const { kind = 'oidc', ...rest } = e;
  if (kind === 'github') return { kind, enabled: true, ...rest };
  return { kind, enabled: true, ...OIDC_DEFAULTS, roleMap: {}, ...rest };
}

/** One LDAP_PROVIDERS entry: `caFile` (a path) becomes the certificates it holds. */
function ldapEntry(e: Record<string, unknown>, problems: string[], where: string): Record<string, unknown> {
  const { caFile, ...rest } = e;
  let caCert = '';
  if (caFile !== undefined) {
    try {
      caCert = fs.readFileSync(String(caFile), 'utf8');
    } catch {
      problems.push(`${where}.caFile: cannot be read`);
    }
  }
  return {
    kind: 'ldap',
    enabled: true,
    ...LDAP_DEFAULTS,
    bindDn: '',
    bindPassword: '',
    roleMap: {},
    ...rest,
    caCert,
  };
}

function parseList(
  variable: string,
  raw: string | undefined,
  shape: (e: Record<string, unknown>, problems: string[], where: string) => Record<string, unknown>,
  problems: string[],
): IdentityProviderSetting[] {
  if (raw === undefined || raw.trim() === '') return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    problems.push(`${variable}: is not valid JSON (a JSON array of providers)`);
    return [];
  }
  const list = entries.safeParse(json);
  if (!list.success) {
    problems.push(`${variable}: must be a JSON array of at most 20 objects`);
    return [];
  }
  const out: IdentityProviderSetting[] = [];
  list.data.forEach((entry, i) => {
    const where = `${variable}[${i}]`;
    const parsed = identityProviderSettingSchema.safeParse(shape(entry, problems, where));
    if (parsed.success) out.push(parsed.data);
    else
      for (const issue of parsed.error.issues) {
        problems.push(`${[where, ...issue.path].join('.')}: ${issue.message}`);
      }
  });
  return out;
}

/** The providers of both variables, or the problems found (every one of them). */
export function parseIdentityEnv(env: { OIDC_PROVIDERS?: string; LDAP_PROVIDERS?: string }): {
  providers: IdentityProviderSetting[];
  problems: string[];
} {
  const problems: string[] = [];
  const oidc = parseList('OIDC_PROVIDERS', env.OIDC_PROVIDERS, oidcEntry, problems);
  for (const p of oidc) {
    if (p.kind === 'ldap') problems.push(`OIDC_PROVIDERS: ${p.id}: directories go in LDAP_PROVIDERS`);
  }
  const ldap = parseList('LDAP_PROVIDERS', env.LDAP_PROVIDERS, ldapEntry, problems);
  const providers = [...oidc, ...ldap];
  const ids = providers.map((p) => p.id);
  const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (repeated.length > 0)
    problems.push(`OIDC_PROVIDERS/LDAP_PROVIDERS: the id ${repeated[0]} is used twice`);
  return { providers, problems };
}
