import { FlaskConical, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { SafetyAction, SafetyRuleKind } from '../../../../common/constants';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { ChoiceSelect } from '../../../components/ui/select';
import { toast, toastError } from '../../../components/ui/toast-store';
import { paths } from '../../../config/paths';
import { useAddRule, useTestRule } from '../api/rules';

export const KIND_LABELS: Record<SafetyRuleKind, string> = {
  phrase: 'Phrase',
  domain: 'Link domain',
  pattern: 'Pattern (RE2)',
};
export const ACTION_LABELS: Record<SafetyAction, string> = {
  refuse: 'Refuse',
  hold: 'Hold for review',
  unlist: 'Make unlisted',
};
const PLACEHOLDERS: Record<SafetyRuleKind, string> = {
  phrase: 'cheap pills',
  domain: 'phishing.example (its subdomains too)',
  pattern: '(?i)free\\s+(money|crypto)',
};

/** A new rule: tried on the newest pastes first, then added. */
export function RuleForm() {
  const [kind, setKind] = useState<SafetyRuleKind>('phrase');
  const [action, setAction] = useState<SafetyAction>('hold');
  const [value, setValue] = useState('');
  const add = useAddRule();
  const test = useTestRule();
  return (
    <Card>
      <CardContent className="space-y-3 p-4">
        <h2 className="font-semibold">Add a rule</h2>
        <form
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            add.mutate(
              { kind, value, action },
              {
                onSuccess: () => {
                  setValue('');
                  test.reset();
                  toast({ title: 'Rule added', variant: 'success' });
                },
                onError: (err) => toastError('Error', err, 'Failed to add the rule.'),
              },
            );
          }}
        >
          <ChoiceSelect
            aria-label="Kind"
            className="w-auto"
            choices={KIND_LABELS}
            value={kind}
            onValueChange={setKind}
          />
          <div className="flex-1">
            <Field
              label="Value"
              placeholder={PLACEHOLDERS[kind]}
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
          </div>
          <ChoiceSelect
            aria-label="Action"
            className="w-auto"
            choices={ACTION_LABELS}
            value={action}
            onValueChange={setAction}
          />
          <Button
            type="button"
            variant="outline"
            disabled={!value.trim() || test.isPending}
            onClick={() =>
              test.mutate({ kind, value }, { onError: (err) => toastError('Error', err, 'Test failed.') })
            }
          >
            <FlaskConical aria-hidden />
            Test
          </Button>
          <Button type="submit" disabled={!value.trim() || add.isPending}>
            <Plus aria-hidden />
            Add rule
          </Button>
        </form>
        {test.data ? (
          <div className="text-sm" role="status">
            Would have caught {test.data.matches.length} of the last {test.data.checked} public and unlisted
            pastes
            {test.data.matches.length > 0 ? ':' : '.'}
            <ul className="mt-1 list-disc pl-5">
              {test.data.matches.slice(0, 20).map((m) => (
                <li key={m.id}>
                  <Link className="hover:underline" to={paths.paste(m.id)}>
                    {m.title ?? 'Untitled'}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
