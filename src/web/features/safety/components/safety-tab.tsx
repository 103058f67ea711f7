import { Trash2 } from 'lucide-react';
import { SAFETY_MESSAGES } from '../../../../common/messages';
import { canAdminister } from '../../../../common/policies';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toastError } from '../../../components/ui/toast-store';
import { useUser } from '../../auth/api/get-user';
import { useDeleteRule, useSafetyRules } from '../api/rules';
import { HoldSettingsCard } from './hold-settings';
import { ImportRules } from './import-rules';
import { MalwareSettingsCard } from './malware-settings';
import { ACTION_LABELS, KIND_LABELS, RuleForm } from './rule-form';
import { SafetyNumbers } from './safety-numbers';

function RuleList() {
  const { data, isPending } = useSafetyRules();
  const remove = useDeleteRule();
  if (isPending) return <Spinner />;
  const rules = data ?? [];
  return (
    <div className="space-y-2">
      <h2 className="font-semibold">
        Rules <span className="text-sm text-muted-foreground">({rules.length})</span>
      </h2>
      {rules.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No rules: every paste is published as its author chose.
        </p>
      ) : (
        <ul className="divide-y rounded-md border">
          {rules.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm">
              <Badge variant="outline">{KIND_LABELS[r.kind]}</Badge>
              <code className="min-w-0 flex-1 break-all">{r.value}</code>
              <span>{ACTION_LABELS[r.action]}</span>
              <span className="text-muted-foreground tabular-nums">{r.hits} hits</span>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Delete rule ${r.value}`}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(r.id, {
                    onError: (err) => toastError('Error', err, 'Failed to delete the rule.'),
                  })
                }
              >
                <Trash2 aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Admin → Safety: content rules applied to new and edited public and unlisted pastes. */
export function SafetyTab() {
  const { data: user } = useUser();
  const isAdmin = canAdminister(user?.role ?? null);
  return (
    <section aria-label="Safety" className="space-y-4">
      <Alert variant="info" title="Content rules">
        Rules read the title and the first 10 MB of public and unlisted pastes when they are created or
        edited. Refused pastes get a message that names no rule. {SAFETY_MESSAGES.encryptedNotChecked}
      </Alert>
      <SafetyNumbers />
      <RuleForm />
      <RuleList />
      <ImportRules />
      {isAdmin ? <HoldSettingsCard /> : null}
      {isAdmin ? <MalwareSettingsCard /> : null}
    </section>
  );
}
