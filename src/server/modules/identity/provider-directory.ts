import type { IdentityProviderSetting } from '../../../common/schemas/identity.js';
import type { SettingsService } from '../settings/settings.service.js';

export type ProviderSource = 'environment' | 'panel';
export type ProviderConfig = IdentityProviderSetting & { source: ProviderSource };
export type RedirectProviderConfig = Extract<ProviderConfig, { kind: 'oidc' | 'github' }>;
export type DirectoryConfig = Extract<ProviderConfig, { kind: 'ldap' }>;

/**
 * The sign-in providers: the operator's (environment) first, then the admin's (settings), read
 * afresh each time so a change in the panel counts at once on every instance.
 */
export function createProviderDirectory(deps: {
  fromEnvironment: IdentityProviderSetting[];
  settings: SettingsService;
}) {
  const environment: ProviderConfig[] = deps.fromEnvironment.map((p) => ({ ...p, source: 'environment' }));
  async function all(): Promise<ProviderConfig[]> {
    const panel = (await deps.settings.get()).identityProviders;
    return [...environment, ...panel.map((p): ProviderConfig => ({ ...p, source: 'panel' }))];
  }
  return {
    all,
    environmentIds: (): string[] => environment.map((p) => p.id),
    async enabled(): Promise<ProviderConfig[]> {
      return (await all()).filter((p) => p.enabled);
    },
    /** An enabled provider by id. */
    async find(id: string): Promise<ProviderConfig | undefined> {
      return (await all()).find((p) => p.id === id && p.enabled);
    },
  };
}

export type ProviderDirectory = ReturnType<typeof createProviderDirectory>;
