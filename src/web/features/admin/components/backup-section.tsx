import { Download, Upload } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { ProgressBar } from '../../../components/ui/progress';
import { toast, toastError } from '../../../components/ui/toast-store';
import { rememberImport, useImportDatabase } from '../api/settings';

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
            <div className="space-y-2 pr-6">
              <DialogTitle>Import Database</DialogTitle>
              <DialogDescription>
                All data will be replaced by the contents of {file?.name}: users, pastes, reports, requests,
                licenses and settings. This cannot be undone.
              </DialogDescription>
            </div>
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
