import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePasteBody, CreatePasteResult } from '../../../../common/schemas/paste';
import { postWithProgress } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { saveCreatorToken } from '../../pastes';

/**
 * The create as multipart/form-data: the text fields, then the content as a UTF-8 file part. The
 * server streams that part instead of parsing one large JSON string (which blocks it), and the
 * form is used for every size so the browser has a single path.
 */
function pasteForm(body: CreatePasteBody): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (name !== 'content' && value !== undefined) form.append(name, String(value));
  }
  form.append('content', new Blob([body.content ?? ''], { type: 'text/plain;charset=utf-8' }), 'paste.txt');
  return form;
}

/**
 * An end-to-end encrypted create: the sealed text as standard base64, the sealed title,
 * no plain title, no secret check and no fork (the server can read neither). The key is not here.
 */
export type EncryptedCreateBody = Omit<CreatePasteBody, 'title' | 'checkSecrets' | 'forkedFrom'> & {
  encrypted: true;
  sealedTitle: string;
};

/**
 * POST /api/pastes with upload progress (0..1) for the 'Creating paste...' bar. An encrypted
 * create goes as JSON, the wire contract's form for it (its content is base64, not UTF-8 text).
 */
export async function createPaste(
  body: CreatePasteBody | EncryptedCreateBody,
  onProgress: (fraction: number) => void,
): Promise<CreatePasteResult> {
  // Several files go as JSON, the contract's form for them (the multipart form carries one text).
  const sent = 'encrypted' in body || body.files ? body : pasteForm(body);
  const result = await postWithProgress<CreatePasteResult>('/api/pastes', sent, onProgress);
  if (!result?.id) throw new Error('Invalid response from server');
  if (result.creatorToken) saveCreatorToken(result.id, result.creatorToken);
  return result;
}

export function useCreatePasteMutation(onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePasteBody | EncryptedCreateBody) => createPaste(body, onProgress),
    // React Query would hold the create while the browser is offline and send it, unannounced,
    // when the network returns; the request itself reports offline at once (postWithProgress).
    networkMode: 'always',
    onSuccess: () => {
      // Spec §7: my pastes and the paste list are refreshed after a create.
      void queryClient.invalidateQueries({ queryKey: queryKeys.myPastes });
      void queryClient.invalidateQueries({ queryKey: queryKeys.pastes, exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.searches });
    },
  });
}
