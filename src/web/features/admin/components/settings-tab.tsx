import { Save } from 'lucide-react';
import { Suspense, useId, useState } from 'react';
import {
  MB,
  PASTE_SIZE_LIMIT_DEFAULT_MB,
  PASTE_SIZE_LIMIT_MAX_MB,
  PASTE_SIZE_LIMIT_MIN_MB,
} from '../../../../common/constants';
import type { AdminSettings as Settings } from '../../../../common/schemas/settings';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import { toast, toastError } from '../../../components/ui/toast-store';
import { IdentitySettings } from '../../identity';
import { useAdminSettings, useTestTurnstile, useUpdateSettings } from '../api/settings';
import { BackupSection } from './backup-section';
import { EmailSettings } from './email-settings';
import { EmailTemplates } from './email-templates';
import { GeneralSettings } from './general-settings';
import { Section } from './settings-section';

function SizeLimit({ settings }: { settings: Settings }) {
  const update = useUpdateSettings();
  const savedMb =
    settings.maxPasteSize === 'unlimited' ? null : Math.round(Number(settings.maxPasteSize) / MB);
  const [unlimited, setUnlimited] = useState(savedMb === null);
  const [mb, setMb] = useState(String(savedMb ?? PASTE_SIZE_LIMIT_DEFAULT_MB));
  const [error, setError] = useState<string>();
  const id = useId();
  return (
    <Section title="Paste Size Limits">
      <div className="flex items-center gap-2">
        <span className="text-sm text-muted-foreground">Current limit:</span>
        <Badge variant="outline">{savedMb === null ? 'Unlimited' : `${savedMb} MB`}</Badge>
      </div>
      <div className="flex items-center gap-3">
        <Switch
          id={id}
          checked={unlimited}
          onCheckedChange={(on) => {
            setUnlimited(on);
            if (!on) setMb(String(PASTE_SIZE_LIMIT_DEFAULT_MB));
          }}
        />
        <Label htmlFor={id}>Unlimited</Label>
      </div>
      {unlimited ? null : (
        <Field
          label="Limit (MB)"
          type="number"
          min={PASTE_SIZE_LIMIT_MIN_MB}
          max={PASTE_SIZE_LIMIT_MAX_MB}
          value={mb}
          error={error}
          onChange={(e) => {
            setMb(e.target.value);
            setError(undefined);
          }}
        />
      )}
      <Button
        disabled={update.isPending}
        onClick={() => {
          const n = Number(mb);
          if (
            !unlimited &&
            !(Number.isInteger(n) && n >= PASTE_SIZE_LIMIT_MIN_MB && n <= PASTE_SIZE_LIMIT_MAX_MB)
          ) {
            setError(`Enter a whole number from ${PASTE_SIZE_LIMIT_MIN_MB} to ${PASTE_SIZE_LIMIT_MAX_MB}.`);
            return;
          }
          update.mutate(
            { maxPasteSize: unlimited ? 'unlimited' : String(n * MB) },
            {
              onSuccess: () => toast({ title: 'Settings updated', variant: 'success' }),
              onError: (err) => toastError('Error', err, 'Failed to update settings.'),
            },
          );
        }}
      >
        <Save aria-hidden />
        Save
      </Button>
    </Section>
  );
}

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
] as const;

function Security({ settings }: { settings: Settings }) {
  const update = useUpdateSettings();
  const testKeys = useTestTurnstile();
  const [values, setValues] = useState({
    requireEmailVerification: settings.requireEmailVerification,
    enableApiKeys: settings.enableApiKeys,
    enableRbac: settings.enableRbac,
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

/** Spec §2 Settings tab. */
export function SettingsTab() {
  const { data: settings } = useAdminSettings();
  if (!settings) return null;
  return (
    <div className="space-y-4">
      <GeneralSettings settings={settings} />
      <Section title="Email">
        <EmailSettings settings={settings} />
      </Section>
      <EmailTemplates settings={settings} />
      <Section title="Database Backup">
        <BackupSection />
      </Section>
      <SizeLimit settings={settings} />
      <Security settings={settings} />
    </div>
  );
}
