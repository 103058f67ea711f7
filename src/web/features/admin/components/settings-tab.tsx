import { Save } from 'lucide-react';
import { Suspense, useEffect, useId, useState } from 'react';
import {
  FAVICON_MAX_BYTES,
  MB,
  PASTE_SIZE_LIMIT_DEFAULT_MB,
  PASTE_SIZE_LIMIT_MAX_MB,
  PASTE_SIZE_LIMIT_MIN_MB,
} from '../../../../common/constants';
import type { AdminSettings as Settings } from '../../../../common/schemas/settings';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import { toast, toastError } from '../../../components/ui/toast-store';
import { paths } from '../../../config/paths';
import { IdentitySettings } from '../../identity';
import { useAdminSettings, useTestTurnstile, useUpdateSettings, useUploadFavicon } from '../api/settings';
import { BackupSection } from './backup-section';
import { EmailSettings } from './email-settings';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardContent className="space-y-4 p-5">
        <h2 className="text-lg font-semibold">{title}</h2>
        {children}
      </CardContent>
    </Card>
  );
}

/** Spec §8's success titles and failure fallbacks, by what was saved. */
const GENERAL_TOASTS = {
  siteTitle: ['Site title updated', 'Failed to update site title.'],
  faviconUrl: ['Favicon updated', 'Failed to update favicon.'],
  both: ['Settings updated', 'Failed to update settings.'],
} as const;

/**
 * Site title and favicon URL: saved when the field is left with a new value (spec §2), and with
 * Save like every other section, which says whether anything is left unsaved.
 */
function General({ settings }: { settings: Settings }) {
  const update = useUpdateSettings();
  const [title, setTitle] = useState(settings.siteTitle);
  const [favicon, setFavicon] = useState(settings.faviconUrl);
  useEffect(() => setTitle(settings.siteTitle), [settings.siteTitle]);
  useEffect(() => setFavicon(settings.faviconUrl), [settings.faviconUrl]);
  const titleChanged = title.trim() !== settings.siteTitle;
  const faviconChanged = favicon.trim() !== settings.faviconUrl;

  function save(fields: { title?: boolean; favicon?: boolean }) {
    const change = {
      ...(fields.title && titleChanged ? { siteTitle: title } : {}),
      ...(fields.favicon && faviconChanged ? { faviconUrl: favicon.trim() } : {}),
    };
    const keys = Object.keys(change) as (keyof typeof GENERAL_TOASTS)[];
    if (keys.length === 0) return;
    const [done, failed] = keys.length === 1 ? GENERAL_TOASTS[keys[0]!] : GENERAL_TOASTS.both;
    update.mutate(change, {
      onSuccess: () => toast({ title: done, variant: 'success' }),
      onError: (err) => toastError('Error', err, failed),
    });
  }

  return (
    <Section title="General">
      <Field
        label="Site Title"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        onBlur={() => save({ title: true })}
      />
      <Field
        label="Site URL"
        value={window.location.origin}
        readOnly
        hint="The address this site is served from."
      />
      <Field
        label="Favicon URL"
        placeholder="https://example.com/favicon.png or /favicon.ico"
        value={favicon}
        onChange={(e) => setFavicon(e.target.value)}
        onBlur={() => save({ favicon: true })}
      />
      <FaviconUpload />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          disabled={(!titleChanged && !faviconChanged) || update.isPending}
          onClick={() => save({ title: true, favicon: true })}
        >
          <Save aria-hidden />
          Save General Settings
        </Button>
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {titleChanged || faviconChanged
            ? 'Unsaved changes'
            : 'Saved. Fields also save when you leave them.'}
        </p>
      </div>
    </Section>
  );
}

/** Spec §2: .ico, .png, .jpg, .jpeg or .svg, at most 1 MB (the server decides the type by content). */
function FaviconUpload() {
  const upload = useUploadFavicon();
  return (
    <div className="space-y-2">
      <Label htmlFor="favicon-file">Upload favicon</Label>
      <input
        id="favicon-file"
        type="file"
        accept=".ico,.png,.jpg,.jpeg,.svg"
        className="block w-full text-sm file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-muted file:px-3 file:py-1.5 file:text-foreground"
        disabled={upload.isPending}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          if (file.size > FAVICON_MAX_BYTES) {
            toast({
              title: 'Failed to upload favicon',
              description: 'Favicon must be 1 MB or smaller',
              variant: 'destructive',
            });
            return;
          }
          upload.mutate(file, {
            onSuccess: () => toast({ title: 'Favicon updated', variant: 'success' }),
            onError: (err) => toastError('Failed to upload favicon', err, 'Failed to upload favicon'),
          });
        }}
      />
      <p className="text-xs text-muted-foreground">ICO, PNG, JPEG or SVG, up to 1 MB.</p>
    </div>
  );
}

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

/** Spec §2: both Save buttons save all three fields; blank means the default template. */
function EmailTemplates({ settings }: { settings: Settings }) {
  const update = useUpdateSettings();
  const [t, setT] = useState({
    emailVerificationSubject: settings.emailVerificationSubject,
    emailVerificationTemplate: settings.emailVerificationTemplate,
    forgotPasswordTemplate: settings.forgotPasswordTemplate,
  });
  const save = () =>
    update.mutate(t, {
      onSuccess: () =>
        toast({ title: 'Settings updated', description: 'Email templates saved.', variant: 'success' }),
      onError: (err) => toastError('Error', err, 'Failed to save email template.'),
    });
  const area = (key: 'emailVerificationTemplate' | 'forgotPasswordTemplate', label: string, hint: string) => (
    <div className="space-y-2">
      <Label htmlFor={`tpl-${key}`}>{label}</Label>
      <Textarea
        id={`tpl-${key}`}
        rows={6}
        value={t[key]}
        onChange={(e) => setT({ ...t, [key]: e.target.value })}
      />
      <p className="text-xs text-muted-foreground">{hint}</p>
    </div>
  );
  return (
    <Section title="Email Templates">
      <Field
        label="Verification email subject"
        value={t.emailVerificationSubject}
        onChange={(e) => setT({ ...t, emailVerificationSubject: e.target.value })}
        hint="Blank means the default."
      />
      {area(
        'emailVerificationTemplate',
        'Verification email',
        'Variables: {{SITE_NAME}}, {{USERNAME}}, {{USER_EMAIL}}, {{VERIFY_LINK}}, {{VERIFY_BUTTON}}. The link expires in 24 hours. Blank means the default.',
      )}
      <div className="flex flex-wrap gap-2">
        <Button onClick={save} disabled={update.isPending}>
          <Save aria-hidden />
          Save Verification Template
        </Button>
        <Button variant="outline" asChild>
          <a href={paths.emailVerificationPreview} target="_blank" rel="noreferrer">
            Preview
          </a>
        </Button>
      </div>
      {area(
        'forgotPasswordTemplate',
        'Forgot-password email',
        'Variables: {{resetLink}}, {{username}}, {{resetButton}}. The link expires in 1 hour. Blank means the default.',
      )}
      <div className="flex flex-wrap gap-2">
        <Button onClick={save} disabled={update.isPending}>
          <Save aria-hidden />
          Save Forgot-Password Template
        </Button>
        <Button variant="outline" asChild>
          <a href={paths.forgotPasswordEmailPreview} target="_blank" rel="noreferrer">
            Preview
          </a>
        </Button>
      </div>
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
      <General settings={settings} />
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
