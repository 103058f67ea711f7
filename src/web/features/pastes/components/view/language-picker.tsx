import { useId } from 'react';
import { NativeSelect } from '../../../../components/ui/select';
import { LANGUAGES, type LanguageChoice, type LanguageId, languageLabel } from '../../lib/languages';

interface LanguagePickerProps {
  choice: LanguageChoice;
  detected: LanguageId | null;
  /** False when the paste is too large to highlight. */
  available: boolean;
  onChange: (choice: LanguageChoice) => void;
}

/** The choices of a language select: detect, plain text, then every language (create and view share it). */
export function LanguageOptions({ autoLabel = 'Auto-detect' }: { autoLabel?: string }) {
  return (
    <>
      <option value="auto">{autoLabel}</option>
      <option value="plaintext">Plain text</option>
      {LANGUAGES.map((l) => (
        <option key={l.id} value={l.id}>
          {l.label}
        </option>
      ))}
    </>
  );
}

export function LanguagePicker({ choice, detected, available, onChange }: LanguagePickerProps) {
  const id = useId();
  const autoLabel =
    choice === 'auto' && detected ? `Auto-detect (${languageLabel(detected)})` : 'Auto-detect';
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-xs text-muted-foreground">
        Language
      </label>
      <NativeSelect
        id={id}
        className="h-8 w-36 text-xs sm:w-52"
        value={available ? choice : 'plaintext'}
        disabled={!available}
        title={available ? undefined : 'Highlighting is off for large pastes'}
        onChange={(e) => onChange(e.target.value as LanguageChoice)}
      >
        <LanguageOptions autoLabel={autoLabel} />
      </NativeSelect>
    </div>
  );
}
