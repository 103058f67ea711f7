import {
  type IdentityKind,
  type IdentityProviderInput,
  type IdentityProviderView,
  LDAP_DEFAULTS,
  OIDC_DEFAULTS,
} from '../../../../common/schemas/identity';
import { formatRoleMap, formatTeamMap, parseRoleMap, parseTeamMap } from './role-map-text';

/** A provider in the admin's form: every field as text, the secret empty unless typed anew. */
export interface ProviderDraft {
  key: string;
  kind: IdentityKind;
  source: 'environment' | 'panel';
  id: string;
  name: string;
  enabled: boolean;
  /** A secret is stored (shown as such, never its value). */
  secretSet: boolean;
  secret: string;
  issuer: string;
  clientId: string;
  scopes: string;
  usernameClaim: string;
  groupsClaim: string;
  roleMap: string;
  teamMap: string;
  url: string;
  caCert: string;
  bindDn: string;
  searchBase: string;
  searchFilter: string;
  usernameAttribute: string;
  emailAttribute: string;
  groupAttribute: string;
}

let drafts = 0;

export function newDraft(kind: IdentityKind): ProviderDraft {
  drafts += 1;
  return {
    key: `new-${drafts}`,
    kind,
    source: 'panel',
    id: kind === 'github' ? 'github' : '',
    name: kind === 'github' ? 'GitHub' : '',
    enabled: true,
    secretSet: false,
    secret: '',
    issuer: '',
    clientId: '',
    scopes: OIDC_DEFAULTS.scopes.join(' '),
    usernameClaim: OIDC_DEFAULTS.usernameClaim,
    groupsClaim: OIDC_DEFAULTS.groupsClaim,
    roleMap: '',
    teamMap: '',
    url: '',
    caCert: '',
    bindDn: '',
    searchBase: '',
    ...LDAP_DEFAULTS,
  };
}

export function draftOf(view: IdentityProviderView): ProviderDraft {
  const base = { ...newDraft(view.kind), key: `${view.source}-${view.id}`, source: view.source };
  const common = { ...base, id: view.id, name: view.name, enabled: view.enabled };
  if (view.kind === 'github') return { ...common, clientId: view.clientId, secretSet: view.clientSecretSet };
  if (view.kind === 'oidc') {
    const { kind: _, source: __, clientSecretSet, scopes, roleMap, teamMap, ...fields } = view;
    return {
      ...common,
      ...fields,
      secretSet: clientSecretSet,
      scopes: scopes.join(' '),
      roleMap: formatRoleMap(roleMap),
      teamMap: formatTeamMap(teamMap),
    };
  }
  const { kind: _, source: __, bindPasswordSet, roleMap, teamMap, ...fields } = view;
  return {
    ...common,
    ...fields,
    secretSet: bindPasswordSet,
    roleMap: formatRoleMap(roleMap),
    teamMap: formatTeamMap(teamMap),
  };
}

/** What the server is sent for a draft, or what is wrong with its group → role or team map. */
export function inputOf(d: ProviderDraft): { input: IdentityProviderInput } | { error: string } {
  const roleMap = parseRoleMap(d.roleMap);
  if ('error' in roleMap) return { error: `${d.name || d.id}: ${roleMap.error}` };
  const teamMap = parseTeamMap(d.teamMap);
  if ('error' in teamMap) return { error: `${d.name || d.id}: ${teamMap.error}` };
  const common = { id: d.id.trim(), name: d.name.trim(), enabled: d.enabled };
  // A secret left empty keeps the stored one; an anonymous directory search has none to keep.
  const secret = d.secret !== '' || (d.kind === 'ldap' && d.bindDn.trim() === '') ? d.secret : undefined;
  if (d.kind === 'github')
    return { input: { kind: 'github', ...common, clientId: d.clientId.trim(), clientSecret: secret } };
  if (d.kind === 'oidc') {
    return {
      input: {
        kind: 'oidc',
        ...common,
        issuer: d.issuer.trim(),
        clientId: d.clientId.trim(),
        clientSecret: secret,
        scopes: d.scopes.split(/\s+/).filter(Boolean),
        usernameClaim: d.usernameClaim.trim(),
        groupsClaim: d.groupsClaim.trim(),
        roleMap: roleMap.map,
        teamMap: teamMap.map,
      },
    };
  }
  return {
    input: {
      kind: 'ldap',
      ...common,
      url: d.url.trim(),
      caCert: d.caCert,
      bindDn: d.bindDn.trim(),
      bindPassword: secret,
      searchBase: d.searchBase.trim(),
      searchFilter: d.searchFilter.trim(),
      usernameAttribute: d.usernameAttribute.trim(),
      emailAttribute: d.emailAttribute.trim(),
      groupAttribute: d.groupAttribute.trim(),
      roleMap: roleMap.map,
      teamMap: teamMap.map,
    },
  };
}
