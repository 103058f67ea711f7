import { Upload } from 'lucide-react';
import { useState } from 'react';
import type { SafetyAction } from '../../../../common/constants';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { ChoiceSelect } from '../../../components/ui/select';
import { toast, toastError } from '../../../components/ui/toast-store';
import { useImportRules } from '../api/rules';
import { ACTION_LABELS } from './rule-form';

const IMPORT_KINDS = { domain: 'Link domains', phrase: 'Phrases' } as const;
const MODES = {
  merge: 'Merge with the rules of this kind',
  replace: 'Replace the rules of this kind',
} as const;

/** A published blocklist (one domain or phrase a line, hosts-file lines too), merged or replacing. */
export function ImportRules() {
  const [kind, setKind] = useState<keyof typeof IMPORT_KINDS>('domain');
  const [action, setAction] = useState<SafetyAction>('refuse');
  const [mode, setMode] = useState<keyof typeof MODES>('merge');
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
          <ChoiceSelect
            aria-label="Import as"
            className="w-auto"
            choices={IMPORT_KINDS}
            value={kind}
            onValueChange={setKind}
          />
          <ChoiceSelect
            aria-label="Import action"
            className="w-auto"
            choices={ACTION_LABELS}
            value={action}
            onValueChange={setAction}
          />
          <ChoiceSelect
            aria-label="Mode"
            className="w-auto"
            choices={MODES}
            value={mode}
            onValueChange={setMode}
          />
          <Button type="submit" variant="outline" disabled={!file || importRules.isPending}>
            <Upload aria-hidden />
            Import
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
