import { KeyRound, ShieldAlert } from 'lucide-react';
import { StatusCard } from '../../pastes';

export type EncryptionProblem = 'missing-key' | 'wrong-key' | 'undecryptable';

/**
 * The screens of an encrypted paste that cannot be shown: its link lacks the key, holds one that
 * does not open it, or its text was altered. Never any of the text: pse1 opens whole or not at all.
 */
export function EncryptedProblem({ problem }: { problem: EncryptionProblem }) {
  if (problem === 'missing-key') {
    return (
      <StatusCard icon={<KeyRound aria-hidden className="size-6" />} title="This link is missing its key">
        <p className="text-muted-foreground">
          This paste is end-to-end encrypted. Its key is the part of the link after the # sign, and this link
          does not have it.
        </p>
        <p className="text-sm text-muted-foreground">
          Ask whoever sent it for the whole link, and copy all of it. The server never receives the key, so it
          cannot give it to you.
        </p>
      </StatusCard>
    );
  }
  if (problem === 'wrong-key') {
    return (
      <StatusCard
        icon={<KeyRound aria-hidden className="size-6" />}
        title="This link’s key does not open this paste"
      >
        <p className="text-muted-foreground">
          This paste is end-to-end encrypted, and the key in this link (the part after the # sign) is not its
          key: it may have been cut short or changed when the link was copied.
        </p>
        <p className="text-sm text-muted-foreground">
          Ask whoever sent it for the whole link. The server never receives the key, so it cannot give it to
          you.
        </p>
      </StatusCard>
    );
  }
  return (
    <StatusCard
      icon={<ShieldAlert aria-hidden className="size-6" />}
      title="This paste could not be decrypted"
    >
      <p className="text-muted-foreground">
        The key is right, but the encrypted text does not match it: it was altered or cut short after it was
        made. None of it is shown, because none of it can be trusted.
      </p>
    </StatusCard>
  );
}
