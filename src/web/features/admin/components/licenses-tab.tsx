import { KeyRound, Plus, Save, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CopyButton } from '../../../components/ui/copy-button';
import { Field } from '../../../components/ui/field';
import { toast, toastError } from '../../../components/ui/toast-store';
import { formatDateTime } from '../../../lib/format';
import { useDeleteLicense, useGenerateLicense, useLicenses } from '../api/licenses';
import { useAdminSettings, useUpdateSettings } from '../api/settings';
import { useSettingsDraft } from '../hooks/use-settings-draft';
import { EmptyList } from './list-states';
import { Pager } from './pager';

function PurchaseUrl() {
  const saved = useAdminSettings().data?.vipLicenseUrl ?? '';
  const [{ url }, setDraft] = useSettingsDraft({ url: saved });
  const update = useUpdateSettings();
  return (
    <form
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        update.mutate(
          { vipLicenseUrl: url.trim() },
          {
            onSuccess: () =>
              toast({ title: 'Settings updated', description: 'Purchase URL saved.', variant: 'success' }),
            onError: (err) => toastError('Error', err, 'Failed to update VIP license URL.'),
          },
        );
      }}
    >
      <div className="flex-1">
        <Field
          label="Purchase URL (optional)"
          placeholder="https://shop.example.com/vip"
          value={url}
          onChange={(e) => setDraft({ url: e.target.value })}
          hint="Shown as Buy VIP License on the VIP page when set."
        />
      </div>
      <Button type="submit" disabled={url.trim() === saved || update.isPending}>
        <Save aria-hidden />
        Save URL
      </Button>
    </form>
  );
}

/** Spec §2 VIP Licenses tab. */
export function LicensesTab() {
  const [page, setPage] = useState(1);
  const { data } = useLicenses(page);
  const generate = useGenerateLicense();
  const remove = useDeleteLicense();
  const [deleting, setDeleting] = useState<{ id: number; key: string } | null>(null);
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / 10));

  return (
    <section aria-label="VIP Licenses" className="space-y-4">
      <PurchaseUrl />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">
          License History{' '}
          {data ? <span className="text-sm text-muted-foreground">({data.total})</span> : null}
        </h2>
        <Button
          disabled={generate.isPending}
          onClick={() =>
            generate.mutate(undefined, {
              onSuccess: ({ license }) =>
                toast({ title: 'License Generated', description: license.licenseKey, variant: 'success' }),
              onError: (err) => toastError('Error', err, 'Failed to generate license'),
            })
          }
        >
          <Plus aria-hidden />
          Generate New License
        </Button>
      </div>
      {data && data.licenses.length === 0 ? (
        <EmptyList>No licenses generated yet.</EmptyList>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-border">
          <table className="w-full min-w-[640px] text-sm">
            <thead className="bg-muted/60 text-left text-xs text-muted-foreground">
              <tr>
                <th className="px-3 py-2 font-medium">License Key</th>
                <th className="px-3 py-2 font-medium">Status</th>
                <th className="px-3 py-2 font-medium">Used By</th>
                <th className="px-3 py-2 font-medium">Used At</th>
                <th className="px-3 py-2 font-medium">Created</th>
                <th className="px-3 py-2 font-medium">Actions</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {data?.licenses.map((l) => (
                <tr key={l.id}>
                  <td className="px-3 py-2 font-mono">
                    <span className="inline-flex items-center gap-1">
                      <KeyRound aria-hidden className="size-3.5 text-muted-foreground" />
                      {l.licenseKey}
                      <CopyButton text={l.licenseKey} label={`Copy license ${l.licenseKey}`} />
                    </span>
                  </td>
                  <td className="px-3 py-2">
                    <Badge variant={l.isUsed ? 'outline' : 'success'}>{l.isUsed ? 'Used' : 'Unused'}</Badge>
                  </td>
                  <td className="px-3 py-2">{l.usedByUsername ?? '—'}</td>
                  <td className="px-3 py-2">{l.usedAt ? formatDateTime(l.usedAt) : '—'}</td>
                  <td className="px-3 py-2">{formatDateTime(l.createdAt)}</td>
                  <td className="px-3 py-2">
                    <Button
                      size="icon"
                      variant="ghost"
                      aria-label={`Delete license ${l.licenseKey}`}
                      disabled={remove.isPending}
                      onClick={() => setDeleting({ id: l.id, key: l.licenseKey })}
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={Math.min(page, pages)} pages={pages} setPage={setPage} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => (next ? undefined : setDeleting(null))}
        title="Delete License"
        description={`Delete ${deleting?.key ?? 'this license'}? A key that was not used yet can no longer be activated. This cannot be undone.`}
        confirmLabel="Delete"
        icon={<Trash2 aria-hidden />}
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(deleting!.id, {
            onSuccess: () => {
              setDeleting(null);
              toast({ title: 'License Deleted', variant: 'success' });
            },
            onError: (err) => toastError('Error', err, 'Failed to delete license'),
          })
        }
      />
    </section>
  );
}
