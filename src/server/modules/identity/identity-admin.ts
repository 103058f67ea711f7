import {
  IDENTITY_MESSAGES,
  type IdentityAdminView,
  type IdentityProviderInput,
  type IdentityProviderSetting,
  type UpdateIdentityBody,
} from '../../../common/schemas/identity.js';
import type { Settings } from '../../../common/schemas/settings.js';
import { badRequest } from '../../errors.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { TeamsService } from '../teams/teams.service.js';
import type { UsersService } from '../users/users.service.js';
import { presentProviderForAdmin } from './identity.presenter.js';
import type { ProviderDirectory } from './provider-directory.js';

/**
 * The admin's side of the sign-in settings (Settings → Security): providers are shown without
 * their secrets, and saved as one list in which a provider sent without its secret keeps the one
 * stored. "SSO only" needs an emergency admin who keeps a password, and a provider to sign in with;
 * a team map, teams that exist.
 */
export function createIdentityAdmin(deps: {
  directory: ProviderDirectory;
  settings: SettingsService;
  users: UsersService;
  teams: Pick<TeamsService, 'exists'>;
  siteOrigin: () => Promise<string | null>;
}) {
  const { directory, settings, users, teams } = deps;

  /** The stored list after the admin's: each secret given, or the stored one of the same provider. */
  function withSecrets(
    input: IdentityProviderInput[],
    stored: IdentityProviderSetting[],
  ): IdentityProviderSetting[] {
    const environment = new Set(directory.environmentIds());
    const seen = new Set<string>();
    return input.map((p) => {
      if (environment.has(p.id)) throw badRequest(`${p.id}: ${IDENTITY_MESSAGES.providerIdFromEnvironment}`);
      if (seen.has(p.id)) throw badRequest(`${p.id}: ${IDENTITY_MESSAGES.providerIdTaken}`);
      seen.add(p.id);
      const before = stored.find((s) => s.id === p.id && s.kind === p.kind);
      const missing = () => badRequest(`${p.id}: ${IDENTITY_MESSAGES.secretRequired}`);
      if (p.kind === 'ldap') {
        const bindPassword = p.bindPassword ?? (before?.kind === 'ldap' ? before.bindPassword : undefined);
        // An anonymous search (no bind DN) needs no password.
        if (bindPassword === undefined || (p.bindDn !== '' && bindPassword === '')) throw missing();
        return { ...p, bindPassword };
      }
      const clientSecret =
        p.clientSecret ?? (before && before.kind !== 'ldap' ? before.clientSecret : undefined);
      if (!clientSecret) throw missing();
      return { ...p, clientSecret };
    });
  }

  /** A team map names teams that exist (one deleted later is skipped at sign-in, with a log line). */
  async function checkTeamMaps(providers: IdentityProviderSetting[]): Promise<void> {
    for (const p of providers) {
      if (p.kind === 'github') continue;
      for (const slug of new Set(Object.values(p.teamMap))) {
        if (!(await teams.exists(slug))) throw badRequest(`${p.id}: ${IDENTITY_MESSAGES.unknownTeam(slug)}`);
      }
    }
  }

  async function checkSsoOnly(after: Settings): Promise<void> {
    if (!after.ssoOnly) return;
    if (!after.ssoBreakGlassAdmin.trim()) throw badRequest(IDENTITY_MESSAGES.breakGlassRequired);
    const admin = await users.findByUsername(after.ssoBreakGlassAdmin.trim());
    if (admin?.role !== 'admin') throw badRequest(IDENTITY_MESSAGES.breakGlassNotAdmin);
    const enabled = [
      ...(await directory.all()).filter((p) => p.source === 'environment'),
      ...after.identityProviders,
    ];
    if (!enabled.some((p) => p.enabled)) throw badRequest(IDENTITY_MESSAGES.ssoOnlyNeedsProvider);
  }

  return {
    async adminView(): Promise<IdentityAdminView> {
      const s = await settings.get();
      return {
        providers: (await directory.all()).map(presentProviderForAdmin),
        ssoOnly: s.ssoOnly,
        ssoBreakGlassAdmin: s.ssoBreakGlassAdmin,
        ssoExistingAccountsOnly: s.ssoExistingAccountsOnly,
        siteOrigin: await deps.siteOrigin(),
      };
    },

    /** Checks and stores the admin's change; takes effect on every instance like any setting. */
    async applyAdminChange(change: UpdateIdentityBody): Promise<void> {
      const current = await settings.get();
      const patch: Partial<Settings> = {
        ...(change.providers
          ? { identityProviders: withSecrets(change.providers, current.identityProviders) }
          : {}),
        ...(change.ssoOnly === undefined ? {} : { ssoOnly: change.ssoOnly }),
        ...(change.ssoBreakGlassAdmin === undefined
          ? {}
          : { ssoBreakGlassAdmin: change.ssoBreakGlassAdmin.trim() }),
        ...(change.ssoExistingAccountsOnly === undefined
          ? {}
          : { ssoExistingAccountsOnly: change.ssoExistingAccountsOnly }),
      };
      if (change.providers) await checkTeamMaps(patch.identityProviders ?? []);
      await checkSsoOnly({ ...current, ...patch });
      await settings.update(patch);
    },
  };
}
