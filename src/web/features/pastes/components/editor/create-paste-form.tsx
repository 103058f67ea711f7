import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  CLIPBOARD_LIMIT_BYTES,
  type Expiration,
  type Privacy,
  type Role,
} from '../../../../../common/constants';
import { PASTE_MESSAGES, UPLOAD_MESSAGES } from '../../../../../common/messages';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { ProgressBar } from '../../../../components/ui/progress';
import { toast, toastError } from '../../../../components/ui/toast-store';
import { paths } from '../../../../config/paths';
import { ApiError, OFFLINE_MESSAGE } from '../../../../lib/api-client';
import { defaultExpiration, enforceExpiration } from '../../../../lib/expiration';
import { type FieldErrors, focusFirstInvalid, hasErrors, withoutError } from '../../../../lib/field-errors';
import { queryKeys } from '../../../../lib/query-keys';
import { useUser } from '../../../auth/api/get-user';
import { loadSealPaste, type SealedPaste } from '../../../encryption';
import { usePublicSettings } from '../../../settings/api/get-public-settings';
import { useCreatePaste } from '../../api/create-paste';
import { ChunkedUploadError, uploadInChunks } from '../../api/upload-in-chunks';
import { useForkStart } from '../../hooks/use-fork-start';
import { dropDraft, loadDraft, saveDraft } from '../../lib/draft';
import { estimateBytes } from '../../lib/size-levels';
import { EditorToolbar } from './editor-toolbar';
import { FileChip, type LoadedFile, previewOf } from './file-chip';
import { ForkNote } from './fork-note';
import { LargeFilePanel } from './large-file-panel';
import { PasteEditor } from './paste-editor';
import { PasteOptions, type PasteOptionsValue } from './paste-options';
import { type SecretChoice, SecretWarningDialog } from './secret-warning-dialog';
import { blockedToast, useEditorContent } from './use-editor-content';
import { titleFromFileName, useFileReader } from './use-file-reader';
import { useSecretWarning } from './use-secret-warning';

type OptionsState = Omit<PasteOptionsValue, 'expiration'> & { expiration: Expiration | null };

/** Said in the "Not sent" notice, with Retry, when the encryption code cannot load. */
const ENCRYPTION_UNAVAILABLE =
  'The encryption code could not be loaded. Check your connection, then try again.';

function destructive(title: string, description: string) {
  toast({ title, description, variant: 'destructive' });
}

/** The create-paste screen (spec §2, §5): editor, toolbar, options, progress, redirect on success. */
export function CreatePasteForm() {
  const navigate = useNavigate();
  const { data: user } = useUser();
  const { data: settings } = usePublicSettings();
  const role: Role | null = user?.role ?? null;
  // A fork just asked for (the paste screen's Fork button), else a draft kept from earlier in this
  // tab (reload, Back, another page): restored once, on mount.
  const forkStart = useForkStart();
  const [restored] = useState(() => forkStart ?? loadDraft());
  /** "Draft restored · Discard", until the person discards it or empties the editor. */
  const [draftNotice, setDraftNotice] = useState(
    () => !forkStart && Boolean(restored?.content || restored?.title),
  );
  /** The paste this one forks ("Forking …"), sent as forkedFrom until the person drops it. */
  const [forkedFrom, setForkedFrom] = useState(restored?.forkedFrom ?? null);
  const editor = useEditorContent(restored?.content);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const [uploadProgress, setUploadProgress] = useState(0);
  // expiration null = the role's default, which follows the user once they have loaded.
  const [options, setOptions] = useState<OptionsState>({
    title: restored?.title ?? '',
    privacy: restored?.privacy ?? 'public',
    password: '',
    expiration: restored?.expiration ?? null,
    language: restored?.language ?? null,
  });
  const expiration = enforceExpiration(options.expiration ?? defaultExpiration(role), role);
  /** End-to-end encryption (issue 21): sealed in this tab, the key only in the link. */
  const [encrypted, setEncrypted] = useState(false);
  /** Sealing the text before it is sent (the crypto code loads on first use). */
  const [sealing, setSealing] = useState(false);
  const createMutation = useCreatePaste(setUploadProgress);
  const [errors, setErrors] = useState<FieldErrors<'content' | 'password'>>({});
  /** The create could not reach the server (offline, stalled): said here, with Retry and Cancel. */
  const [networkProblem, setNetworkProblem] = useState<string | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();
  // A file over 50 MB, kept as a File (never read into memory) until Create Paste uploads it in chunks.
  const [largeFile, setLargeFile] = useState<File | null>(null);
  const [chunkedProgress, setChunkedProgress] = useState<number | null>(null);
  const uploading = chunkedProgress !== null;
  const creating = createMutation.isPending || uploading || sealing;
  const secrets = useSecretWarning({ onProblem: setNetworkProblem });
  /** "Protect with a password" closes the warning onto the password field, not the Create button. */
  const focusPasswordNext = useRef(false);
  /** What the form holds now, for the end of a scan that began a render or more ago. */
  const latest = useRef({ content: editor.content, privacy: options.privacy });
  useEffect(() => {
    latest.current = { content: editor.content, privacy: options.privacy };
  });

  // The draft follows every change (never the password), a moment after typing stops — and not
  // once the paste exists (the form stays mounted while the paste screen's code loads).
  const created = useRef(false);
  useEffect(() => {
    const timer = setTimeout(
      () =>
        !created.current &&
        saveDraft({
          content: editor.content,
          title: options.title,
          privacy: options.privacy,
          expiration: options.expiration,
          language: options.language,
          forkedFrom,
        }),
      300,
    );
    return () => clearTimeout(timer);
  }, [editor.content, options.title, options.privacy, options.expiration, options.language, forkedFrom]);

  useEffect(() => {
    // The editor is where a visitor starts; not on touch screens, where focus opens the keyboard.
    if (window.matchMedia('(pointer: fine)').matches) textareaRef.current?.focus();
  }, []);

  // Ctrl+Enter (⌘+Enter on a Mac) creates, from the editor or any option. A ref, so the listener
  // always calls this render's create.
  const createRef = useRef<() => void>(() => {});
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
      event.preventDefault();
      createRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const hasDraft = editor.content.trim() !== '' || largeFile !== null;
  useEffect(() => {
    if (!hasDraft && !uploading) return;
    // Closing the tab would lose the draft (sessionStorage goes with it), leaving mid-upload the
    // upload: the browser asks first.
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [hasDraft, uploading]);

  // The file Upload File read into the editor, shown as a chip until the text is edited or removed.
  const [loadedFile, setLoadedFile] = useState<LoadedFile | null>(null);
  const onFileLoaded = useCallback(
    (text: string, file: File) => {
      editor.setFileContent(text);
      setLoadedFile({ name: file.name, size: file.size, preview: previewOf(text) });
      setOptions((o) => (o.title.trim() ? o : { ...o, title: titleFromFileName(file.name).slice(0, 80) }));
    },
    [editor.setFileContent],
  );
  const maxMB = settings?.maxPasteSize;
  const onLargeFile = useCallback(
    (file: File) => {
      if (!user) return destructive('Login required', UPLOAD_MESSAGES.signInRequired);
      setLargeFile(file);
      setOptions((o) => (o.title.trim() ? o : { ...o, title: titleFromFileName(file.name).slice(0, 80) }));
    },
    [user],
  );
  const { readFile, readingProgress } = useFileReader({
    maxPasteSizeMB: typeof maxMB === 'number' ? maxMB : null,
    onLoaded: onFileLoaded,
    onLargeFile,
    encrypted,
  });

  async function uploadLargeFile(file: File) {
    setChunkedProgress(0);
    const chunked = { ...sharedFields(options.privacy), title: options.title.trim() };
    try {
      // Encrypted: sealed as a stream in this tab (api/upload-encrypted, its own chunk).
      const { id, keyText } = encrypted
        ? await import('../../../encryption/api/upload-encrypted').then((m) =>
            m.uploadEncrypted(file, chunked, setChunkedProgress),
          )
        : { id: await uploadInChunks(file, chunked, setChunkedProgress), keyText: undefined };
      void queryClient.invalidateQueries({ queryKey: queryKeys.myPastes });
      setLargeFile(null);
      onCreated(id, keyText);
    } catch (error) {
      const title = error instanceof ChunkedUploadError ? error.title : UPLOAD_MESSAGES.failed;
      destructive(title, error instanceof Error ? error.message : UPLOAD_MESSAGES.failed);
    } finally {
      setChunkedProgress(null);
    }
  }

  async function copy() {
    if (!editor.content) return destructive('Nothing to copy', 'The editor is empty');
    try {
      await navigator.clipboard.writeText(editor.content);
      toast({ title: 'Copied', description: 'The editor content is on your clipboard.', variant: 'success' });
    } catch {
      destructive('Failed to copy', 'Could not copy to clipboard');
    }
  }

  async function pasteFromClipboard() {
    let text: string;
    try {
      text = await navigator.clipboard.readText();
    } catch {
      return destructive('Failed to paste', 'Could not read from clipboard');
    }
    if (estimateBytes(text) > CLIPBOARD_LIMIT_BYTES) return blockedToast(estimateBytes(text));
    const area = textareaRef.current;
    const current = editor.content;
    const inEditor = area && !area.disabled;
    const start = inEditor ? area.selectionStart : current.length;
    const end = inEditor ? area.selectionEnd : current.length;
    editor.setTypedContent(current.slice(0, start) + text + current.slice(end));
  }

  useEffect(() => {
    if (!editor.content && !options.title) setDraftNotice(false);
  }, [editor.content, options.title]);

  /** Discard of the restored draft: the screen as a first visit shows it. */
  function discardDraft() {
    dropDraft();
    setDraftNotice(false);
    setLoadedFile(null);
    setForkedFrom(null);
    editor.clear();
    setOptions({ title: '', privacy: 'public', password: '', expiration: null, language: null });
    textareaRef.current?.focus();
  }

  /** Clear, with Undo in its toast: a click on the wrong button must not cost the text. */
  function clear() {
    const before = { content: editor.content, file: largeFile, loaded: loadedFile };
    if (!before.content && !before.file) return;
    setLargeFile(null);
    setLoadedFile(null);
    editor.clear();
    toast({
      title: 'Editor cleared',
      description: 'The text is gone from the editor.',
      duration: 10_000,
      action: {
        label: 'Undo',
        onClick: () => {
          editor.setFileContent(before.content);
          setLargeFile(before.file);
          setLoadedFile(before.loaded);
        },
      },
    });
  }

  function create() {
    const found: FieldErrors<'content' | 'password'> = {
      content: !largeFile && !editor.content.trim() ? PASTE_MESSAGES.emptyContent : undefined,
      password:
        options.privacy === 'password' && !options.password ? PASTE_MESSAGES.passwordRequired : undefined,
    };
    setErrors(found);
    if (hasErrors(found)) {
      // Every message under its field; the toast says the first, where the focus goes (spec §5).
      if (found.content) destructive(PASTE_MESSAGES.cannotCreate, found.content);
      else if (found.password) destructive(PASTE_MESSAGES.passwordRequiredTitle, found.password);
      focusFirstInvalid(formRef.current, ['content', 'password'], found);
      return;
    }
    setNetworkProblem(null);
    // A file over 50 MB goes up in chunks unscanned, here and on the server: reading it into the
    // tab to scan it is what the chunked path exists to avoid.
    if (largeFile) return void uploadLargeFile(largeFile);
    // Public text (typed, pasted or read from a file) is scanned in the tab before anything is sent.
    if (options.privacy === 'public') {
      const content = editor.content;
      return void secrets.check(
        content,
        () => send('public'),
        () => latest.current.content === content && latest.current.privacy === 'public',
      );
    }
    send(options.privacy);
  }

  /** The warning's choices keep the form as it is, only privacy changes. */
  function onSecretChoice(choice: SecretChoice) {
    secrets.close();
    if (choice === 'encrypt') {
      // The switch shows it; this create cannot wait for the state to say so.
      setEncrypted(true);
      return void sendEncrypted(options.privacy);
    }
    if (choice === 'password') {
      focusPasswordNext.current = true;
      setOptions((o) => ({ ...o, privacy: 'password' }));
      return;
    }
    if (choice === 'unlisted') setOptions((o) => ({ ...o, privacy: 'unlisted' }));
    else secrets.acceptAnyway(editor.content);
    send(choice);
  }

  /** The create's common fields, what an encrypted create sends as they are. */
  function sharedFields(privacy: Privacy) {
    return {
      privacy,
      expiration,
      burnAfterReading: expiration === 'burn',
      ...(privacy === 'password' ? { password: options.password } : {}),
      ...(options.language ? { language: options.language } : {}),
    };
  }

  function onCreated(id: string, keyText?: string) {
    created.current = true;
    dropDraft();
    navigate(`${paths.paste(id)}${keyText ? `#${keyText}` : ''}`, { state: { created: true } });
  }

  function onCreateError(error: Error) {
    if (error instanceof ApiError && error.status === 0) setNetworkProblem(error.message);
    else toastError('Failed to create paste', error, 'An error occurred');
  }

  /** Seals text and title under a new key here, sends only the sealed bytes, and keeps the key for the link. */
  async function sendEncrypted(privacy: Privacy) {
    setSealing(true);
    let sealed: SealedPaste;
    try {
      const { sealPaste } = await loadSealPaste();
      sealed = await sealPaste(editor.content, options.title.trim());
    } catch {
      setSealing(false);
      return setNetworkProblem(navigator.onLine ? ENCRYPTION_UNAVAILABLE : OFFLINE_MESSAGE);
    }
    setSealing(false);
    setUploadProgress(0);
    createMutation.mutate(
      {
        ...sharedFields(privacy),
        content: sealed.content,
        encrypted: true,
        sealedTitle: sealed.sealedTitle,
        sealedLineTable: sealed.sealedLineTable,
      },
      { onSuccess: ({ id }) => onCreated(id, sealed.keyText), onError: onCreateError },
    );
  }

  function send(privacy: Privacy) {
    if (encrypted) return void sendEncrypted(privacy);
    setUploadProgress(0);
    createMutation.mutate(
      {
        ...sharedFields(privacy),
        title: options.title.trim(),
        content: editor.content,
        ...(forkedFrom ? { forkedFrom: forkedFrom.id } : {}),
      },
      { onSuccess: ({ id }) => onCreated(id), onError: onCreateError },
    );
  }

  createRef.current = () => {
    if (!creating && !secrets.findings) create();
  };

  return (
    // DOM order is the keyboard's: editor, options, then Create Paste (the toolbar comes last and
    // starts with it); the grid shows the toolbar on top, as the spec draws it.
    <div
      ref={formRef}
      className="grid gap-x-6 gap-y-4 lg:grid-cols-[minmax(0,1fr)_20rem] lg:grid-rows-[auto_1fr]"
    >
      <Card className="lg:col-start-1 lg:row-start-2">
        <CardContent className="space-y-4 pt-6">
          {draftNotice ? (
            <p className="text-xs text-muted-foreground" data-testid="draft-restored">
              {'Draft restored · '}
              <Button variant="link" size="sm" className="h-auto text-xs" onClick={discardDraft}>
                Discard
              </Button>
            </p>
          ) : null}
          {forkedFrom ? (
            <ForkNote source={forkedFrom} disabled={creating} onDrop={() => setForkedFrom(null)} />
          ) : null}
          {readingProgress !== null ? <ProgressBar label="Reading file..." value={readingProgress} /> : null}
          {networkProblem ? (
            <Alert variant="destructive" title="Not sent" data-testid="network-problem">
              <p>{networkProblem}</p>
              <div className="mt-3 flex gap-2">
                <Button size="sm" onClick={create}>
                  Retry
                </Button>
                <Button size="sm" variant="outline" onClick={() => setNetworkProblem(null)}>
                  Cancel
                </Button>
              </div>
            </Alert>
          ) : null}
          {sealing ? <ProgressBar label="Encrypting..." value={null} /> : null}
          {createMutation.isPending ? (
            <ProgressBar label="Creating paste..." value={uploadProgress * 100} />
          ) : null}
          {uploading ? <ProgressBar label={UPLOAD_MESSAGES.uploading} value={chunkedProgress * 100} /> : null}
          {largeFile ? (
            <LargeFilePanel
              file={largeFile}
              disabled={creating}
              onRemove={() => setLargeFile(null)}
              encrypted={encrypted}
            />
          ) : (
            <>
              {loadedFile ? (
                <FileChip
                  file={loadedFile}
                  disabled={creating}
                  onRemove={() => {
                    setLoadedFile(null);
                    editor.clear();
                  }}
                />
              ) : null}
              <PasteEditor
                textareaRef={textareaRef}
                content={editor.content}
                size={editor.size}
                disabled={creating}
                onChange={(value) => {
                  editor.setTypedContent(value);
                  setLoadedFile(null);
                  setErrors((e) => withoutError(e, 'content'));
                }}
                onPaste={editor.onEditorPaste}
                error={errors.content}
              />
            </>
          )}
        </CardContent>
      </Card>
      <Card className="h-fit lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <CardHeader>
          <CardTitle>Options</CardTitle>
        </CardHeader>
        <CardContent>
          <PasteOptions
            value={{ ...options, expiration }}
            encryption={{ on: encrypted, onChange: setEncrypted, forking: forkedFrom !== null }}
            role={role}
            disabled={creating}
            onChange={(patch) => {
              setOptions((o) => ({ ...o, ...patch }));
              if ('password' in patch || 'privacy' in patch) setErrors((e) => withoutError(e, 'password'));
            }}
            passwordError={errors.password}
          />
        </CardContent>
      </Card>
      <div className="order-first lg:order-none lg:col-start-1 lg:row-start-1">
        <EditorToolbar
          onClear={clear}
          onCopy={copy}
          onPaste={pasteFromClipboard}
          onFile={readFile}
          onCreate={create}
          creating={creating}
          reading={readingProgress !== null}
        />
      </div>
      <SecretWarningDialog
        findings={secrets.findings}
        checkedLines={secrets.checkedLines}
        onChoose={onSecretChoice}
        onCancel={secrets.close}
        canEncrypt={!encrypted}
        onCloseAutoFocus={(event) => {
          if (!focusPasswordNext.current) return;
          focusPasswordNext.current = false;
          event.preventDefault();
          formRef.current?.querySelector<HTMLElement>('[name="password"]')?.focus();
        }}
      />
    </div>
  );
}
