import { ExternalLink, KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { LICENSE_KEY_EXAMPLE } from '../../../../common/license-key';
import { VIP_MESSAGES } from '../../../../common/schemas/account';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { ProblemForm, SubmitButton } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/toast-store';
import { useFormProblem } from '../../../lib/form-values';
import { safeExternalUrl } from '../../../lib/safe-url';
import { useActivateVip } from '../api/activate-vip';

const FAILED = 'VIP Activation Failed';

/** License activation for an account without VIP; success makes a 'user' a 'vip'. */
export function VipActivationForm({ licenseUrl }: { licenseUrl?: string }) {
  const activate = useActivateVip();
  const [licenseKey, setLicenseKey] = useState('');
  const { problem, setProblem, fail, refuse } = useFormProblem(FAILED);
  const buyUrl = safeExternalUrl(licenseUrl);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const key = licenseKey.trim();
    if (!key) {
      refuse(VIP_MESSAGES.licenseRequired);
      return;
    }
    setProblem(null);
    // On success this form gives way to the banner form (the user becomes VIP), so the toast must
    // not depend on per-call callbacks, which do not fire once the component has unmounted.
    activate.mutateAsync(key).then(
      (result) =>
        toast({
          title: 'VIP Activated',
          description: result.message || VIP_MESSAGES.activated,
          variant: 'success',
        }),
      fail,
    );
  }

  return (
    <ProblemForm label="Activate VIP" problem={problem} onSubmit={onSubmit}>
      <Field
        label="License Key"
        name="licenseKey"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder={LICENSE_KEY_EXAMPLE}
        value={licenseKey}
        onChange={(e) => setLicenseKey(e.target.value)}
        className="font-mono"
        aria-required
      />
      <div className="flex flex-wrap gap-2">
        <SubmitButton
          variant="vip"
          pending={activate.isPending}
          icon={KeyRound}
          label="Activate VIP"
          working="Activating..."
        />
        {buyUrl ? (
          <Button asChild variant="outline">
            <a href={buyUrl} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden />
              Buy VIP License
            </a>
          </Button>
        ) : null}
      </div>
    </ProblemForm>
  );
}
