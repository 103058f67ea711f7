import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { getPaste } from './get-paste';

/**
 * Reads a burn paste held back behind "Show paste": this read destroys it for everyone else, so
 * it is made only when the visitor asks. The paste with its content replaces the held one.
 */
export function useRevealPaste(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => getPaste(id, { reveal: true }),
    onSuccess: (paste) => queryClient.setQueryData(queryKeys.paste(id), paste),
  });
}
