import { Upload } from 'lucide-react';
import { useState } from 'react';
import type { SafetyAction } from '../../../../common/constants';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { NativeSelect } from '../../../components/ui/select';
import { toast, toastError } from '../../../components/ui/toast-store';
import { useImportRules } from '../api/rules';
import { ACTION_LABELS } from './rule-form';

/** A published blocklist (one domain or phrase a line, hosts-file lines too), merged or replacing. */
export function ImportRules() {
  const [kind, setKind] = useState<'domain' | 'phrase'>('domain');
  const [action, setAction] = useState<SafetyAction>('refuse');
  const [mode, setMode] = useState<'merge' | 'replace'>('merge');
  const [file, setFile] = useState<File | null>(null);
  const importRules = useImportRules();
  return (
    <Card>
      <CardContent className="space-y-3 p-4">
        <h2 className="font-semibold">Import a list</h2>
        <form
          className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center"
          onSubmit={async (e) => {
            e.preventDefault();
            if (!file) return;
            importRules.mutate(
              { kind, action, mode, text: await file.text() },
              {
                onSuccess: (r) =>
                  toast({
                    title: 'List imported',
                    description: `${r.added} added, ${r.removed} removed, ${r.skipped} skipped`,
                    variant: 'success',
                  }),
                onError: (err) => toastError('Error', err, 'Failed to import the list.'),
              },
            );
          }}
        >
          <input
            type="file"
            accept=".txt,text/plain"
            aria-label="List file"
            className="text-sm"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          <NativeSelect
            aria-label="Import as"
            className="w-auto"
            value={kind}
            onChange={(e) => setKind(e.target.value as 'domain' | 'phrase')}
          >
            <option value="domain">Link domains</option>
            <option value="phrase">Phrases</option>
          </NativeSelect>
          <NativeSelect
            aria-label="Import action"
            className="w-auto"
            value={action}
            onChange={(e) => setAction(e.target.value as SafetyAction)}
          >
            {Object.entries(ACTION_LABELS).map(([a, label]) => (
              <option key={a} value={a}>
                {label}
              </option>
            ))}
          </NativeSelect>
          <NativeSelect
            aria-label="Mode"
            className="w-auto"
            value={mode}
            onChange={(e) => setMode(e.target.value as 'merge' | 'replace')}
          >
            <option value="merge">Merge with the rules of this kind</option>
            <option value="replace">Replace the rules of this kind</option>
          </NativeSelect>
          <Button type="submit" variant="outline" disabled={!file || importRules.isPending}>
            <Upload aria-hidden />
            Import
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
