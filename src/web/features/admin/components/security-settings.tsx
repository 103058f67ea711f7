import { Save } from 'lucide-react';
import { Suspense, useState } from 'react';
import type { AdminSettings as Settings } from '../../../../common/schemas/settings';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Switch } from '../../../components/ui/switch';
import { toast, toastError } from '../../../components/ui/toast-store';
import { IdentitySettings } from '../../identity';
import { useTestTurnstile, useUpdateSettings } from '../api/settings';
import { SecondFactorRoles } from './second-factor-roles';
import { Section } from './settings-section';

/** Each switch: its spec name, and what turning it on does, in plain words (read out with it). */
const TOGGLES = [
  [
    'requireEmailVerification',
    'Email Verification Required',
    'New accounts must confirm their email address before they can log in.',
  ],
  [
    'enableApiKeys',
    'API Key Authentication',
    'Signed-in users can create an API key to create and read pastes from scripts (the v1 API).',
  ],
  [
    'enableRbac',
    'Role management (RBAC)',
    'Admins can promote users to manager or admin, and demote them, from the Users tab. Off: every role stays as it is.',
  ],
  [
    'enableAccessTokens',
    'Personal access tokens',
    'Signed-in users can create named tokens limited to scopes (read pastes, write pastes, read the account; staff also admin), with an expiry, from their Account page.',
  ],
  [
    'requireSignInToCreate',
    'Sign-in required to create',
    'Only signed-in members can create pastes; visitors are asked to sign in. Reading stays open.',
  ],
  [
    'requireSignInToRead',
    'Sign-in required to read',
    'A members-only site: visitors see only the sign-in pages. Every page, raw text, download, list and link preview answers signed-in members only, and only they can create.',
  ],
] as const;

/** The account switches and the captcha keys, saved together; then the sign-in providers. */
export function SecuritySettings({ settings }: { settings: Settings }) {
  const update = useUpdateSettings();
  const testKeys = useTestTurnstile();
  const [values, setValues] = useState({
    requireEmailVerification: settings.requireEmailVerification,
    enableApiKeys: settings.enableApiKeys,
    enableRbac: settings.enableRbac,
    enableAccessTokens: settings.enableAccessTokens,
    requireSignInToCreate: settings.requireSignInToCreate,
    requireSignInToRead: settings.requireSignInToRead,
    secondFactorRoles: settings.secondFactorRoles,
  });
  const [captcha, setCaptcha] = useState({
    turnstileSiteKey: settings.turnstileSiteKey,
    turnstileSecretKey: settings.turnstileSecretKey,
    enableTurnstile: settings.enableTurnstile,
  });
  // The enable switch works only after a successful test; editing the keys resets it (spec §4).
  const [keysTested, setKeysTested] = useState(false);
  const setKey = (patch: Partial<typeof captcha>) => {
    setCaptcha((c) => ({ ...c, ...patch }));
    setKeysTested(false);
  };
  return (
    <Section title="Security">
      {TOGGLES.map(([key, label, hint]) => (
        <div key={key} className="flex items-start justify-between gap-4">
          <div>
            <p className="text-sm font-medium" id={`toggle-${key}`}>
              {label}
            </p>
            <p className="text-xs text-muted-foreground" id={`toggle-${key}-effect`}>
              {hint}
            </p>
          </div>
          <Switch
            aria-labelledby={`toggle-${key}`}
            aria-describedby={`toggle-${key}-effect`}
            checked={values[key]}
            onCheckedChange={(on) => setValues((v) => ({ ...v, [key]: on }))}
          />
        </div>
      ))}
      <SecondFactorRoles
        value={values.secondFactorRoles}
        onChange={(secondFactorRoles) => setValues((v) => ({ ...v, secondFactorRoles }))}
      />
      <div className="space-y-3 border-t border-border pt-4">
        <h3 className="font-medium">Captcha (Cloudflare Turnstile)</h3>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Site Key"
            value={captcha.turnstileSiteKey}
            onChange={(e) => setKey({ turnstileSiteKey: e.target.value })}
          />
          <Field
            label="Secret Key"
            type="password"
            autoComplete="off"
            value={captcha.turnstileSecretKey}
            onChange={(e) => setKey({ turnstileSecretKey: e.target.value })}
          />
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <Button
            variant="outline"
            disabled={
              !captcha.turnstileSiteKey.trim() || !captcha.turnstileSecretKey.trim() || testKeys.isPending
            }
            onClick={() =>
              testKeys.mutate(
                { siteKey: captcha.turnstileSiteKey.trim(), secretKey: captcha.turnstileSecretKey.trim() },
                {
                  onSuccess: () => {
                    setKeysTested(true);
                    toast({
                      title: 'Connection successful',
                      description: 'Turnstile accepted the keys.',
                      variant: 'success',
                    });
                  },
                  onError: (err) =>
                    toastError('Connection failed', err, 'Failed to verify Turnstile credentials.'),
                },
              )
            }
          >
            Test Connection
          </Button>
          <div className="flex items-center gap-2">
            <Switch
              aria-label="Enable Captcha"
              checked={captcha.enableTurnstile}
              disabled={!keysTested && !captcha.enableTurnstile}
              onCheckedChange={(on) => setCaptcha((c) => ({ ...c, enableTurnstile: on }))}
            />
            <span className="text-sm">Enable Captcha</span>
          </div>
        </div>
      </div>
      <Button
        disabled={update.isPending}
        onClick={() =>
          update.mutate(
            {
              ...values,
              ...captcha,
              turnstileSiteKey: captcha.turnstileSiteKey.trim(),
              turnstileSecretKey: captcha.turnstileSecretKey.trim(),
            },
            {
              onSuccess: () => toast({ title: 'Settings updated', variant: 'success' }),
              onError: (err) => toastError('Error', err, 'Failed to save security settings.'),
            },
          )
        }
      >
        <Save aria-hidden />
        Save Security Settings
      </Button>
      <Suspense fallback={null}>
        <IdentitySettings />
      </Suspense>
    </Section>
  );
}
