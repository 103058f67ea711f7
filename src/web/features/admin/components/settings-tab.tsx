import { Save } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import {
  FAVICON_MAX_BYTES,
  MB,
  PASTE_SIZE_LIMIT_DEFAULT_MB,
  PASTE_SIZE_LIMIT_MAX_MB,
  PASTE_SIZE_LIMIT_MIN_MB,
} from '../../../../common/constants';
import type { Settings } from '../../../../common/schemas/settings';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import { toast, toastError } from '../../../components/ui/toast-store';
import { useAdminSettings, useUpdateSettings, useUploadFavicon } from '../api/settings';

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

/** Site title and favicon save when the field is left with a new value (spec §2). */
function General({ settings }: { settings: Settings }) {
  const update = useUpdateSettings();
  const [title, setTitle] = useState(settings.siteTitle);
  const [favicon, setFavicon] = useState(settings.faviconUrl);
  useEffect(() => setTitle(settings.siteTitle), [settings.siteTitle]);
  useEffect(() => setFavicon(settings.faviconUrl), [settings.faviconUrl]);
  return (
    <Section title="General">
      <Field
        label="Site Title"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        onBlur={() => {
          if (title.trim() === settings.siteTitle) return;
          update.mutate(
            { siteTitle: title },
            {
              onSuccess: () => toast({ title: 'Site title updated', variant: 'success' }),
              onError: (err) => toastError('Error', err, 'Failed to update site title.'),
            },
          );
        }}
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
        onBlur={() => {
          if (favicon.trim() === settings.faviconUrl) return;
          update.mutate(
            { faviconUrl: favicon.trim() },
            {
              onSuccess: () => toast({ title: 'Favicon updated', variant: 'success' }),
              onError: (err) => toastError('Error', err, 'Failed to update favicon.'),
            },
          );
        }}
      />
      <FaviconUpload />
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

const TOGGLES = [
  [
    'requireEmailVerification',
    'Email Verification Required',
    'New accounts confirm their address before they log in.',
  ],
  ['enableApiKeys', 'API Key Authentication', 'Users can create an API key and use the v1 API.'],
  ['enableRbac', 'RBAC', 'Role management in the Users tab.'],
] as const;

function Security({ settings }: { settings: Settings }) {
  const update = useUpdateSettings();
  const [values, setValues] = useState({
    requireEmailVerification: settings.requireEmailVerification,
    enableApiKeys: settings.enableApiKeys,
    enableRbac: settings.enableRbac,
  });
  return (
    <Section title="Security">
      {TOGGLES.map(([key, label, hint]) => (
        <div key={key} className="flex items-start justify-between gap-4">
          <div>
            <p className="text-sm font-medium" id={`toggle-${key}`}>
              {label}
            </p>
            <p className="text-xs text-muted-foreground">{hint}</p>
          </div>
          <Switch
            aria-labelledby={`toggle-${key}`}
            checked={values[key]}
            onCheckedChange={(on) => setValues((v) => ({ ...v, [key]: on }))}
          />
        </div>
      ))}
      <Button
        disabled={update.isPending}
        onClick={() =>
          update.mutate(values, {
            onSuccess: () => toast({ title: 'Settings updated', variant: 'success' }),
            onError: (err) => toastError('Error', err, 'Failed to save security settings.'),
          })
        }
      >
        <Save aria-hidden />
        Save Security Settings
      </Button>
    </Section>
  );
}

/** Spec §2 Settings tab: general, size limit and security (email, templates, captcha and backup are not here yet). */
export function SettingsTab() {
  const { data: settings } = useAdminSettings();
  if (!settings) return null;
  return (
    <div className="space-y-4">
      <General settings={settings} />
      <SizeLimit settings={settings} />
      <Security settings={settings} />
    </div>
  );
}
