import { type RefObject, useCallback, useEffect, useState } from 'react';
import { type Draft, loadDraft, saveDraft } from '../../pastes';
import { useForkStart } from './use-fork-start';

/**
 * What the create screen starts from: a fork just asked for (the paste screen's Fork button), else
 * a draft kept from earlier in this tab (reload, Back, another page), restored once, on mount.
 */
export function useDraftRestore() {
  const forkStart = useForkStart();
  const [restored] = useState(() => forkStart ?? loadDraft());
  /** "Draft restored · Discard", until the person discards it or empties the editor. */
  const [draftNotice, setDraftNotice] = useState(
    () => !forkStart && Boolean(restored?.content || restored?.title),
  );
  /** The paste this one forks ("Forking …"), sent as forkedFrom until the person drops it. */
  const [forkedFrom, setForkedFrom] = useState(restored?.forkedFrom ?? null);
  const hideDraftNotice = useCallback(() => setDraftNotice(false), []);
  return { restored, draftNotice, hideDraftNotice, forkedFrom, setForkedFrom };
}

/**
 * The draft follows every change (never the password), a moment after typing stops — and not once
 * the paste exists (the form stays mounted while the paste screen's code loads). An emptied editor
 * takes the "Draft restored" notice away.
 */
export function useDraftKeeping(draft: Draft, created: RefObject<boolean>, hideNotice: () => void) {
  const { content, title, privacy, expiration, language, forkedFrom } = draft;
  useEffect(() => {
    const timer = setTimeout(
      () => !created.current && saveDraft({ content, title, privacy, expiration, language, forkedFrom }),
      300,
    );
    return () => clearTimeout(timer);
  }, [content, title, privacy, expiration, language, forkedFrom, created]);

  useEffect(() => {
    if (!content && !title) hideNotice();
  }, [content, title, hideNotice]);
}
