import { useState } from 'react';
import { IDENTITY_MESSAGES, type PublicProvider } from '../../../../common/schemas/identity';
import { Field } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast-store';

/** A directory's username and password, as typed into a form that hands them to the directory only. */
export function useDirectoryCredentials(provider: PublicProvider) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  /** The credentials to send, or null (said in a toast titled `failed`) while one is missing. */
  function take(failed: string): { username: string; password: string } | null {
    if (!username.trim() || !password) {
      toast({ title: failed, description: IDENTITY_MESSAGES.missingFields, variant: 'destructive' });
      return null;
    }
    return { username: username.trim(), password };
  }

  const fields = (
    <>
      <Field
        label={`${provider.name} username`}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={username}
        onChange={(e) => setUsername(e.target.value)}
      />
      <Field
        label={`${provider.name} password`}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
    </>
  );
  return { fields, take };
}
