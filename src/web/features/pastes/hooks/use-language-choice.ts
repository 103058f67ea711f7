import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { PasteView } from '../../../../common/schemas/paste';
import { type LanguageChoice, parseChoice } from '../lib/languages';

/**
 * The language a paste is shown as: the viewer's choice, kept in the URL (`?lang=python`) so a
 * shared link shows the same; else the author's choice; else detection ('auto'). A file of a
 * multi-file paste keeps its choice here only (`inUrl` false): one `?lang=` cannot suit every file.
 */
export function useLanguageChoice(
  paste: Pick<PasteView, 'language'>,
  inUrl = true,
): {
  choice: LanguageChoice;
  setChoice: (choice: LanguageChoice) => void;
} {
  const location = useLocation();
  const navigate = useNavigate();
  const stored: LanguageChoice = paste.language ?? 'auto';
  const [local, setLocal] = useState<LanguageChoice>(stored);
  if (!inUrl) return { choice: local, setChoice: setLocal };
  const choice = parseChoice(new URLSearchParams(location.search).get('lang')) ?? stored;

  function setChoice(next: LanguageChoice) {
    const params = new URLSearchParams(location.search);
    if (next === stored) params.delete('lang');
    else params.set('lang', next);
    const search = params.toString();
    // The line link (#L12) stays; the page does not jump.
    navigate(
      { search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, preventScrollReset: true },
    );
  }
  return { choice, setChoice };
}
