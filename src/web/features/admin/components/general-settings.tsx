import { Save } from 'lucide-react';
import type { FormEvent } from 'react';
import { FAVICON_MAX_BYTES } from '../../../../common/constants';
import type { AdminSettings as Settings } from '../../../../common/schemas/settings';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Label } from '../../../components/ui/label';
import { toast, toastError } from '../../../components/ui/toast-store';
import { useUpdateSettings, useUploadFavicon } from '../api/settings';
import { useSettingsDraft } from '../hooks/use-settings-draft';
import { Section } from './settings-section';

/** Spec §8's success titles and failure fallbacks, by what was saved. */
const GENERAL_TOASTS = {
  siteTitle: ['Site title updated', 'Failed to update site title.'],
  faviconUrl: ['Favicon updated', 'Failed to update favicon.'],
  both: ['Settings updated', 'Failed to update settings.'],
} as const;

/**
 * Site title and favicon URL, saved together by the section's Save (or Enter in either field), as
 * every section of this tab saves; only what changed is sent, with the spec's toast for it. A
 * favicon file is an action of its own: it is stored and in use as soon as it is chosen. (One save
 * model per section: docs/decisions.md.)
 */
export function GeneralSettings({ settings }: { settings: Settings }) {
  const update = useUpdateSettings();
  const [{ siteTitle: title, faviconUrl: favicon }, setDraft] = useSettingsDraft({
    siteTitle: settings.siteTitle,
    faviconUrl: settings.faviconUrl,
  });
  const titleChanged = title.trim() !== settings.siteTitle;
  const faviconChanged = favicon.trim() !== settings.faviconUrl;

  function save(event: FormEvent) {
    event.preventDefault();
    const change = {
      ...(titleChanged ? { siteTitle: title.trim() } : {}),
      ...(faviconChanged ? { faviconUrl: favicon.trim() } : {}),
    };
    const keys = Object.keys(change) as (keyof typeof GENERAL_TOASTS)[];
    if (keys.length === 0 || update.isPending) return;
    const [done, failed] = keys.length === 1 ? GENERAL_TOASTS[keys[0]!] : GENERAL_TOASTS.both;
    update.mutate(change, {
      onSuccess: () => toast({ title: done, variant: 'success' }),
      onError: (err) => toastError('Error', err, failed),
    });
  }

  return (
    <Section title="General">
      <form onSubmit={save} className="space-y-4">
        <Field label="Site Title" value={title} onChange={(e) => setDraft({ siteTitle: e.target.value })} />
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
          onChange={(e) => setDraft({ faviconUrl: e.target.value })}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={(!titleChanged && !faviconChanged) || update.isPending}>
            <Save aria-hidden />
            Save General Settings
          </Button>
          <p className="text-xs text-muted-foreground" aria-live="polite">
            {titleChanged || faviconChanged ? 'Unsaved changes' : 'Saved'}
          </p>
        </div>
      </form>
      <FaviconUpload />
    </Section>
  );
}

/** Spec §2: .ico, .png, .jpg, .jpeg or .svg, at most 1 MB (the server decides the type by content). */
function FaviconUpload() {
  const upload = useUploadFavicon();
  return (
    <div className="space-y-2 border-t border-border pt-4">
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
      <p className="text-xs text-muted-foreground">
        ICO, PNG, JPEG or SVG, up to 1 MB: in use as soon as it is uploaded.
      </p>
    </div>
  );
}
