import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { canForkPaste } from '../../../../common/policies';
import type { PasteView } from '../../../../common/schemas/paste';
import { toast } from '../../../components/ui/toast-store';
import { queryKeys } from '../../../lib/query-keys';
import type { Draft } from '../../pastes';
import { forkDraft, forkOfState } from '../../pastes';
import { isProcessing } from '../../pastes/api/get-paste';

/**
 * The draft a Fork button asked for (router state `{ forkOf }`), built once from the paste the
 * cache holds; null on an ordinary visit. The state is then cleared, so a reload restores the
 * draft as it was edited instead of starting the fork again.
 */
export function useForkStart(): Draft | null {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [forkOf] = useState(() => forkOfState(location.state));
  const [start] = useState(() => {
    if (!forkOf) return null;
    const source = queryClient.getQueryData<PasteView>(queryKeys.paste(forkOf));
    if (!source || source.content === undefined || isProcessing(source)) return null;
    const status = 'ready';
    const { privacy, burnAfterReading } = source;
    if (!canForkPaste({ privacy, burnAfterReading, status, encrypted: source.encrypted === true })) {
      return null;
    }
    return forkDraft({ ...source, content: source.content });
  });
  useEffect(() => {
    if (!forkOf) return;
    navigate(location.pathname + location.search, { replace: true, state: null });
    if (!start) {
      toast({ title: 'Cannot fork', description: 'Open the paste again and fork it from there.' });
    }
  }, [forkOf, start, navigate, location.pathname, location.search]);
  return start;
}
