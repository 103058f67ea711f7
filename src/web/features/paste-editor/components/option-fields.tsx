import { TITLE_MAX_LENGTH } from '../../../../common/constants';
import type { PasteLanguage } from '../../../../common/languages';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/select';
import { TAGS_HINT } from '../../../lib/tags';
import { LanguageOptions } from '../../pastes';

/** The fields a paste's create and edit screens share; `id` prefixes their element ids. */
type OptionFieldProps<T> = { id: string; value: T; onChange: (value: T) => void };

/** The title, with its 'n/80' counter. */
export function TitleField({ id, value, onChange }: OptionFieldProps<string>) {
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between">
        <Label htmlFor={`${id}-title`}>Title</Label>
        <span className="text-xs text-muted-foreground tabular-nums" data-testid="title-counter">
          {value.length}/{TITLE_MAX_LENGTH}
        </span>
      </div>
      <Input
        id={`${id}-title`}
        placeholder="Untitled"
        maxLength={TITLE_MAX_LENGTH}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** The language; null is auto-detect. */
export function LanguageField({ id, value, onChange }: OptionFieldProps<PasteLanguage | null>) {
  return (
    <div className="space-y-2">
      <Label htmlFor={`${id}-language`}>Language</Label>
      <NativeSelect
        id={`${id}-language`}
        value={value ?? 'auto'}
        onChange={(e) => onChange(e.target.value === 'auto' ? null : (e.target.value as PasteLanguage))}
      >
        <LanguageOptions />
      </NativeSelect>
    </div>
  );
}

/** The tags, as typed (comma separated). */
export function TagsField({ id, value, onChange }: OptionFieldProps<string>) {
  return (
    <div className="space-y-2">
      <Label htmlFor={`${id}-tags`}>Tags</Label>
      <Input
        id={`${id}-tags`}
        placeholder="runbook, k8s"
        value={value}
        aria-describedby={`${id}-tags-hint`}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id={`${id}-tags-hint`} className="text-xs text-muted-foreground">
        {TAGS_HINT}
      </p>
    </div>
  );
}
