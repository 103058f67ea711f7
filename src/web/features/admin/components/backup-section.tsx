import { Download, Upload } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogHeading } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { ProgressBar } from '../../../components/ui/progress';
import { toast, toastError } from '../../../components/ui/toast-store';
import { formatDateTime, formatSize } from '../../../lib/format';
import { useScheduledBackups } from '../api/backups';
import { rememberImport, useImportDatabase } from '../api/settings';

/** What the schedule (BACKUP_INTERVAL_HOURS) wrote into the blob store, each downloadable. */
function ScheduledBackupList() {
  const { data } = useScheduledBackups();
  if (!data) return null;
  return (
    <section aria-label="Scheduled backups" className="space-y-2">
      <h3 className="text-sm font-medium">Scheduled backups</h3>
      {data.backups.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          None yet. The server writes them when BACKUP_INTERVAL_HOURS is set (see the operations guide).
        </p>
      ) : (
        <ul className="divide-y rounded-md border">
          {data.backups.map((b) => (
            <li key={b.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <span className="tabular-nums">
                <time dateTime={b.createdAt}>{formatDateTime(b.createdAt)}</time>
                <span className="text-muted-foreground"> · {formatSize(b.sizeBytes)}</span>
              </span>
              <Button variant="outline" size="sm" asChild>
                <a href={`/api/admin/backups/${b.id}/download`} download={b.fileName}>
                  <Download aria-hidden />
                  Download
                  <span className="sr-only"> the backup of {formatDateTime(b.createdAt)}</span>
                </a>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Spec §2 Database Backup: export as a download; import replaces everything, then the page reloads after 2 s. */
export function BackupSection() {
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState(0);
  const importing = useImportDatabase();
  return (
    <div className="space-y-4">
      <Button variant="outline" asChild>
        <a href="/api/admin/database/export" download>
          <Download aria-hidden />
          Export Database
        </a>
      </Button>
      <ScheduledBackupList />
      <div className="space-y-2">
        <Label htmlFor="backup-file">Import Database</Label>
        <input
          id="backup-file"
          type="file"
          accept=".json,application/json"
          className="block w-full text-sm file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-muted file:px-3 file:py-1.5 file:text-foreground"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            e.target.value = '';
          }}
        />
        <p className="text-xs text-muted-foreground">
          A file exported here. Everyone is signed out afterwards.
        </p>
      </div>
      <Dialog open={file !== null} onOpenChange={(open) => (open ? undefined : setFile(null))}>
        <DialogContent>
          <div className="space-y-4">
            <DialogHeading title="Import Database">
              All data will be replaced by the contents of {file?.name}: users, pastes, reports, requests,
              licenses and settings. This cannot be undone.
            </DialogHeading>
            {importing.isPending ? (
              <ProgressBar
                label={sent < 1 ? 'Uploading the backup…' : 'Importing: checking and replacing every table…'}
                value={sent < 1 ? sent * 100 : null}
              />
            ) : null}
            <div className="flex justify-end gap-2">
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button
                variant="destructive"
                disabled={importing.isPending}
                onClick={() => {
                  if (!file) return;
                  setSent(0);
                  importing.mutate(
                    { file, onProgress: setSent },
                    {
                      onSuccess: ({ counts }) => {
                        setFile(null);
                        // Shown once the admin has signed in again (everyone is signed out).
                        rememberImport(counts);
                        toast({ title: 'Import complete', description: 'Reloading…', variant: 'success' });
                        setTimeout(() => window.location.reload(), 2000);
                      },
                      onError: (err) => toastError('Import failed', err, 'Failed to import database'),
                    },
                  );
                }}
              >
                <Upload aria-hidden />
                {importing.isPending ? 'Importing…' : 'Replace All Data'}
              </Button>
            </div>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}
