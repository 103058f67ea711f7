import { useId } from 'react';
import type { Expiration, Privacy, Role } from '../../../../common/constants';
import type { PasteLanguage } from '../../../../common/languages';
import { Label } from '../../../components/ui/label';
import { PasswordInput } from '../../../components/ui/password-input';
import { NativeSelect } from '../../../components/ui/select';
import { EXPIRATION_CHOICES, EXPIRATION_LABELS, expirationRestriction } from '../../../lib/expiration';
import { LanguageField, TagsField, TitleField } from './option-fields';

export interface PasteOptionsValue {
  title: string;
  privacy: Privacy;
  password: string;
  expiration: Expiration;
  /** null = detected when shown. */
  language: PasteLanguage | null;
  /** As typed: separated by commas or spaces (see parseTags). */
  tags: string;
}

const PRIVACY_OPTIONS: { value: Privacy; label: string; hint: string }[] = [
  { value: 'public', label: 'Public', hint: 'Anyone with the link can view it; it may appear on Top Views.' },
  { value: 'unlisted', label: 'Unlisted', hint: 'Anyone with the link can view it; never listed anywhere.' },
  { value: 'password', label: 'Password', hint: 'Viewers must enter the password to read it.' },
  {
    value: 'shared',
    label: 'Shared',
    hint: 'Only the people and teams you name (after creating it) can read it; a link alone opens nothing.',
  },
];

function expirationHint(expiration: Expiration): string | null {
  if (expiration === 'burn') {
    return 'Deleted after it is read once. Your own view right after creating it does not count.';
  }
  if (expiration === 'unlimited') return 'Kept until it is deleted.';
  return null;
}

/** The end-to-end encryption switch: on the create screen only. */
export interface EncryptionOption {
  on: boolean;
  onChange: (on: boolean) => void;
  /** Forking: an encrypted paste does not say which paste it forks. */
  forking?: boolean;
  /** Why the switch cannot be turned on now (said under it), if it cannot. */
  unavailable?: string;
}

interface PasteOptionsProps {
  value: PasteOptionsValue;
  encryption?: EncryptionOption;
  role: Role | null;
  disabled: boolean;
  onChange: (patch: Partial<PasteOptionsValue>) => void;
  /** Why the password is refused (shown under it). */
  passwordError?: string;
}

/**
 * A switch drawn with a native checkbox (role="switch"): the create screen is a first load, and
 * the Radix switch is not otherwise in it.
 */
function EncryptionSwitch({ option }: { option: EncryptionOption }) {
  const id = useId();
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor={id}>End-to-end encrypted</Label>
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={option.on}
          aria-checked={option.on}
          disabled={option.unavailable !== undefined && !option.on}
          aria-describedby={`${id}-hint`}
          onChange={(e) => option.onChange(e.target.checked)}
          className="relative h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-input transition-colors before:absolute before:top-0.5 before:left-0.5 before:size-5 before:rounded-full before:bg-white before:shadow-md before:transition-transform checked:bg-primary checked:before:translate-x-5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50"
        />
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        The text is encrypted in your browser; the link carries the key; we cannot read it.
        {option.on ? ' Whoever loses the link loses the paste: there is no other way to open it.' : ''}
        {option.on && option.forking ? ' It will not be shown as a fork.' : ''}
        {option.unavailable && !option.on ? ` ${option.unavailable}` : ''}
      </p>
    </div>
  );
}

/** Spec §2 options panel: title with its 'n/80' counter, privacy, password, expiration. */
export function PasteOptions({
  value,
  encryption,
  role,
  disabled,
  onChange,
  passwordError,
}: PasteOptionsProps) {
  const id = useId();
  const privacyHint = PRIVACY_OPTIONS.find((o) => o.value === value.privacy)?.hint;
  const expiryHint = expirationHint(value.expiration);
  return (
    <fieldset className="space-y-5" disabled={disabled}>
      <legend className="sr-only">Paste options</legend>
      <TitleField id={id} value={value.title} onChange={(title) => onChange({ title })} />

      <div className="space-y-2">
        <Label htmlFor={`${id}-privacy`}>Privacy</Label>
        <NativeSelect
          id={`${id}-privacy`}
          value={value.privacy}
          aria-describedby={`${id}-privacy-hint`}
          onChange={(e) => onChange({ privacy: e.target.value as Privacy })}
        >
          {PRIVACY_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
        <p id={`${id}-privacy-hint`} className="text-xs text-muted-foreground">
          {privacyHint}
        </p>
      </div>

      {value.privacy === 'password' ? (
        <div className="space-y-2">
          <Label htmlFor={`${id}-password`}>Password</Label>
          <PasswordInput
            id={`${id}-password`}
            name="password"
            autoComplete="new-password"
            placeholder="Password for viewers"
            value={value.password}
            onChange={(e) => onChange({ password: e.target.value })}
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={passwordError ? `${id}-password-error` : undefined}
          />
          {passwordError ? (
            <p id={`${id}-password-error`} role="alert" className="text-xs text-destructive">
              {passwordError}
            </p>
          ) : null}
        </div>
      ) : null}

      {encryption?.on ? null : (
        <TagsField id={id} value={value.tags} onChange={(tags) => onChange({ tags })} />
      )}

      <LanguageField id={id} value={value.language} onChange={(language) => onChange({ language })} />

      <div className="space-y-2">
        <Label htmlFor={`${id}-expiration`}>Expiration</Label>
        <NativeSelect
          id={`${id}-expiration`}
          value={value.expiration}
          onChange={(e) => onChange({ expiration: e.target.value as Expiration })}
        >
          {EXPIRATION_CHOICES.map((choice) => {
            const restriction = expirationRestriction(choice, role);
            return (
              <option key={choice} value={choice} disabled={restriction !== null}>
                {EXPIRATION_LABELS[choice]}
                {restriction ? ` (${restriction} only)` : ''}
              </option>
            );
          })}
        </NativeSelect>
        {expiryHint ? <p className="text-xs text-muted-foreground">{expiryHint}</p> : null}
      </div>
      {encryption ? <EncryptionSwitch option={encryption} /> : null}
    </fieldset>
  );
}
