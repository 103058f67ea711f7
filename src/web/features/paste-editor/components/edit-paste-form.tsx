import { Save } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { PasteLanguage } from '../../../../common/languages';
import { PASTE_MESSAGES } from '../../../../common/messages';
import type { ReadablePasteView } from '../../../../common/schemas/paste';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast-store';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { expiryLabel } from '../../../lib/expiration';
import { parseTags } from '../../../lib/tags';
import { useEditPaste } from '../api/edit-paste';
import { useEditFiles } from '../hooks/use-edit-files';
import { useEditorContent } from '../hooks/use-editor-content';
import { useSecretWarning } from '../hooks/use-secret-warning';
import { AddFileButton } from './add-file-button';
import { LazyFileListEditor as FileListEditor } from './lazy-file-list-editor';
import { LazySecretWarningDialog as SecretWarningDialog } from './lazy-secret-warning-dialog';
import { LanguageField, TagsField, TitleField } from './option-fields';
import { PasteEditor } from './paste-editor';

const PRIVACY_LABELS = {
  public: 'Public',
  unlisted: 'Unlisted',
  password: 'Password protected',
  shared: 'Shared',
} as const;
/** The title of every failure this form shows, in a notice or a toast. */
const NOT_SAVED = 'Not saved';

type EditablePaste = ReadablePasteView & { content: string };

/** Privacy and expiry as they are: an edit does not change them. */
function KeptOptions({ paste }: { paste: EditablePaste }) {
  return (
    <div
      className="space-y-2 rounded-lg border border-border bg-muted/30 p-3 text-sm"
      data-testid="kept-options"
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-muted-foreground">Privacy</dt>
        <dd>{PRIVACY_LABELS[paste.privacy]}</dd>
        <dt className="text-muted-foreground">Expiry</dt>
        <dd>{expiryLabel(paste).text}</dd>
      </dl>
      <p className="text-xs text-muted-foreground">An edit keeps the paste's privacy and expiry.</p>
    </div>
  );
}

/**
 * The author's editor for a new revision: title, language and text, prefilled with the
 * newest revision. A public paste's text is checked for credentials before it is sent, as a new
 * paste's is; its privacy stays, so the only ways on are back to the editor or "Publish anyway".
 */
export function EditPasteForm({ paste, onReload }: { paste: EditablePaste; onReload: () => void }) {
  const id = useId();
  const navigate = useNavigate();
  const editor = useEditorContent(paste.content);
  const [title, setTitle] = useState(paste.title ?? '');
  const [language, setLanguage] = useState<PasteLanguage | null>(paste.language ?? null);
  const [tags, setTags] = useState((paste.tags ?? []).join(', '));
  const tagsChanged = parseTags(tags).sort().join() !== (paste.tags ?? []).join();
  const [contentError, setContentError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const edit = useEditPaste(paste.id);
  const secrets = useSecretWarning({ onProblem: setProblem });
  const multi = useEditFiles(paste, paste.content);
  const { files } = multi;
  const changed =
    multi.changed ||
    (files === null && editor.content !== paste.content) ||
    title.trim() !== (paste.title ?? '') ||
    language !== (paste.language ?? null) ||
    tagsChanged;
  const saved = useRef(false);

  useEffect(() => {
    if (!changed) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (saved.current) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [changed]);

  // Ctrl+Enter (⌘+Enter) saves, as it creates on the create screen.
  const saveRef = useRef<() => void>(() => {});
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
      event.preventDefault();
      saveRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  function save() {
    if (edit.isPending || secrets.findings || !changed) return;
    const filesProblem = multi.problem();
    if (filesProblem || (!files && !editor.content.trim())) {
      setContentError(filesProblem ?? PASTE_MESSAGES.emptyContent);
      toast({
        title: NOT_SAVED,
        description: filesProblem ?? PASTE_MESSAGES.emptyContent,
        variant: 'destructive',
      });
      if (!files) textareaRef.current?.focus();
      return;
    }
    setProblem(null);
    edit.reset();
    if (paste.privacy === 'public') return void secrets.check(multi.text ?? editor.content, send);
    send();
  }
  saveRef.current = save;

  function send() {
    edit.mutate(
      // baseRevision: if the paste moved on since this screen loaded, the server refuses (409)
      // rather than this text silently replacing the newer one.
      {
        title: title.trim(),
        ...(multi.body ?? { content: editor.content }),
        language: multi.body && 'files' in multi.body ? undefined : language,
        baseRevision: paste.revision,
        ...(tagsChanged ? { tags: parseTags(tags) } : {}),
      },
      {
        onSuccess: ({ revision }) => {
          saved.current = true;
          toast({
            title: 'Saved',
            description: `Revision ${revision} is the paste now.`,
            variant: 'success',
          });
          navigate(paths.paste(paste.id));
        },
      },
    );
  }

  const error = edit.error;
  const meanwhile = error instanceof ApiError && error.status === 409;

  return (
    <div className="grid gap-x-6 gap-y-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <Card>
        <CardContent className="space-y-4 pt-6">
          {problem ? (
            <Alert variant="destructive" title={NOT_SAVED}>
              {problem}
            </Alert>
          ) : null}
          {error ? (
            <Alert variant="destructive" title={NOT_SAVED} data-testid="edit-error">
              <p>{errorMessage(error, 'The edit could not be saved.')}</p>
              {meanwhile ? (
                <div className="mt-3 flex flex-wrap gap-2">
                  <Button size="sm" onClick={onReload}>
                    Reload the newest revision
                  </Button>
                  <span className="self-center text-xs">
                    Your text here is replaced: copy it first to keep it.
                  </span>
                </div>
              ) : null}
            </Alert>
          ) : null}
          {files ? (
            <FileListEditor
              files={files}
              disabled={edit.isPending}
              nameErrors={multi.nameErrors}
              onChange={(key, patch) => {
                multi.multi.update(key, patch);
                multi.clearErrors();
                setContentError(undefined);
              }}
              onRemove={multi.multi.remove}
              onAdd={() => multi.multi.add({ content: editor.content, language })}
            />
          ) : (
            <>
              <PasteEditor
                textareaRef={textareaRef}
                content={editor.content}
                size={editor.size}
                disabled={edit.isPending}
                onChange={(value) => {
                  editor.setTypedContent(value);
                  setContentError(undefined);
                }}
                onPaste={editor.onEditorPaste}
                error={contentError}
                submitHint="saves the edit"
              />
              <AddFileButton
                disabled={edit.isPending || paste.encrypted === true}
                onAdd={() => multi.multi.add({ content: editor.content, language })}
              />
            </>
          )}
          {files && contentError ? (
            <p role="alert" className="text-xs text-destructive">
              {contentError}
            </p>
          ) : null}
        </CardContent>
      </Card>
      <Card className="h-fit">
        <CardHeader>
          <CardTitle>Revision</CardTitle>
        </CardHeader>
        <CardContent>
          <fieldset className="space-y-5" disabled={edit.isPending}>
            <legend className="sr-only">Edit options</legend>
            <TitleField id={id} value={title} onChange={setTitle} />
            {files ? null : <LanguageField id={id} value={language} onChange={setLanguage} />}
            <TagsField id={id} value={tags} onChange={setTags} />
            <KeptOptions paste={paste} />
            <div className="flex flex-wrap gap-2">
              <Button onClick={save} disabled={!changed || edit.isPending} className="flex-1">
                <Save aria-hidden />
                {edit.isPending ? 'Saving...' : 'Save'}
              </Button>
              <Button asChild variant="outline">
                <Link to={paths.paste(paste.id)}>Cancel</Link>
              </Button>
            </div>
            {changed ? null : (
              <p className="text-xs text-muted-foreground">
                Change the text, title, language or tags to save.
              </p>
            )}
          </fieldset>
        </CardContent>
      </Card>
      <SecretWarningDialog
        editing
        findings={secrets.findings}
        checkedLines={secrets.checkedLines}
        onCancel={secrets.close}
        onChoose={() => {
          secrets.close();
          secrets.acceptAnyway(editor.content);
          send();
        }}
      />
    </div>
  );
}
