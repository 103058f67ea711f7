import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Role } from '../../../../common/constants';
import { UPLOAD_MESSAGES } from '../../../../common/messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ProgressBar } from '../../../components/ui/progress';
import { toast } from '../../../components/ui/toast-store';
import { paths } from '../../../config/paths';
import { defaultExpiration, enforceExpiration } from '../../../lib/expiration';
import { useUser } from '../../auth/api/get-user';
import { dropDraft } from '../../pastes';
import { usePublicSettings } from '../../settings/api/get-public-settings';
import { useClipboardActions } from '../hooks/use-clipboard-actions';
import { type CreateOptions, destructiveToast, useCreatePaste } from '../hooks/use-create-paste';
import { useDraftKeeping, useDraftRestore } from '../hooks/use-draft-restore';
import { useEditorContent } from '../hooks/use-editor-content';
import { useEditorFiles } from '../hooks/use-editor-files';
import { titleFromFileName, useFileReader } from '../hooks/use-file-reader';
import { useWhileEditing } from '../hooks/use-while-editing';
import { AddFileButton } from './add-file-button';
import { CreatePasteLayout } from './create-paste-layout';
import { EditorToolbar } from './editor-toolbar';
import { FileChip, type LoadedFile, previewOf } from './file-chip';
import { ForkNote } from './fork-note';
import { LargeFilePanel } from './large-file-panel';
import { LazyFileListEditor as FileListEditor } from './lazy-file-list-editor';
import { LazySecretWarningDialog as SecretWarningDialog } from './lazy-secret-warning-dialog';
import { PasteEditor } from './paste-editor';
import { PasteOptions } from './paste-options';

/** The create-paste screen (spec §2, §5): editor, toolbar, options, progress, redirect on success. */
export function CreatePasteForm() {
  const navigate = useNavigate();
  const { data: user } = useUser();
  const { data: settings } = usePublicSettings();
  const role: Role | null = user?.role ?? null;
  const { restored, draftNotice, hideDraftNotice, forkedFrom, setForkedFrom } = useDraftRestore();
  const editor = useEditorContent(restored?.content);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const formRef = useRef<HTMLDivElement>(null);
  // expiration null = the role's default, which follows the user once they have loaded.
  const [options, setOptions] = useState<CreateOptions>({
    title: restored?.title ?? '',
    privacy: restored?.privacy ?? 'public',
    password: '',
    expiration: restored?.expiration ?? null,
    language: restored?.language ?? null,
    tags: '',
  });
  const patchOptions = (patch: Partial<CreateOptions>) => setOptions((o) => ({ ...o, ...patch }));
  const expiration = enforceExpiration(options.expiration ?? defaultExpiration(role), role);
  /** End-to-end encryption: sealed in this tab, the key only in the link. */
  const [encrypted, setEncrypted] = useState(false);
  // A file over 50 MB, kept as a File (never read into memory) until Create Paste uploads it in chunks.
  const [largeFile, setLargeFile] = useState<File | null>(null);
  // The file Upload File read into the editor, shown as a chip until the text is edited or removed.
  const [loadedFile, setLoadedFile] = useState<LoadedFile | null>(null);
  const created = useRef(false);
  const multi = useEditorFiles();
  const { files } = multi;

  const { content } = editor;
  useDraftKeeping({ content, ...options, forkedFrom }, created, hideDraftNotice);
  const paste = useCreatePaste({
    input: { content, files, options, expiration, encrypted, largeFile, forkedFrom },
    formRef,
    onCreated: (id, keyText) => {
      created.current = true;
      dropDraft();
      navigate(`${paths.paste(id)}${keyText ? `#${keyText}` : ''}`, { state: { created: true } });
    },
    onEncrypt: () => setEncrypted(true),
    onOptions: patchOptions,
    onLargeFileSent: () => setLargeFile(null),
  });
  const { creating } = paste;
  useWhileEditing({
    textareaRef,
    onCreateKey: paste.createIfIdle,
    unsaved:
      content.trim() !== '' ||
      (files?.some((file) => file.content.trim() !== '') ?? false) ||
      largeFile !== null ||
      paste.uploading,
  });
  const clipboard = useClipboardActions(content, editor.setTypedContent, textareaRef);

  /** A file's name becomes the title, unless the person gave one. */
  const fillTitle = useCallback(
    (name: string) =>
      setOptions((o) => (o.title.trim() ? o : { ...o, title: titleFromFileName(name).slice(0, 80) })),
    [],
  );
  const onFileLoaded = useCallback(
    (text: string, file: File) => {
      editor.setFileContent(text);
      setLoadedFile({ name: file.name, size: file.size, preview: previewOf(text) });
      fillTitle(file.name);
    },
    [editor.setFileContent, fillTitle],
  );
  const maxMB = settings?.maxPasteSize;
  const onLargeFile = useCallback(
    (file: File) => {
      if (!user) return destructiveToast('Login required', UPLOAD_MESSAGES.signInRequired);
      setLargeFile(file);
      fillTitle(file.name);
    },
    [user, fillTitle],
  );
  const { readFile, readingProgress } = useFileReader({
    maxPasteSizeMB: typeof maxMB === 'number' ? maxMB : null,
    onLoaded: onFileLoaded,
    onLargeFile,
    encrypted,
  });

  /** Discard of the restored draft: the screen as a first visit shows it. */
  function discardDraft() {
    dropDraft();
    hideDraftNotice();
    setLoadedFile(null);
    setForkedFrom(null);
    editor.clear();
    multi.restore(null);
    setOptions({ title: '', privacy: 'public', password: '', expiration: null, language: null, tags: '' });
    textareaRef.current?.focus();
  }

  /** Clear, with Undo in its toast: a click on the wrong button must not cost the text. */
  function clear() {
    const before = { content, file: largeFile, loaded: loadedFile, files };
    if (!before.content && !before.file && !before.files) return;
    setLargeFile(null);
    setLoadedFile(null);
    editor.clear();
    multi.restore(null);
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
          multi.restore(before.files);
        },
      },
    });
  }

  const editorArea = (
    <>
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
      {paste.networkProblem ? (
        <Alert variant="destructive" title="Not sent" data-testid="network-problem">
          <p>{paste.networkProblem}</p>
          <div className="mt-3 flex gap-2">
            <Button size="sm" onClick={paste.create}>
              Retry
            </Button>
            <Button size="sm" variant="outline" onClick={paste.dismissNetworkProblem}>
              Cancel
            </Button>
          </div>
        </Alert>
      ) : null}
      {paste.sealing ? <ProgressBar label="Encrypting..." value={null} /> : null}
      {paste.sending ? <ProgressBar label="Creating paste..." value={paste.uploadProgress * 100} /> : null}
      {paste.chunkedProgress !== null ? (
        <ProgressBar label={UPLOAD_MESSAGES.uploading} value={paste.chunkedProgress * 100} />
      ) : null}
      {files ? (
        <FileListEditor
          files={files}
          disabled={creating}
          nameErrors={paste.fileErrors}
          onChange={(key, patch) => {
            multi.update(key, patch);
            paste.clearError('content');
          }}
          onRemove={multi.remove}
          onAdd={() => multi.add({ content, language: options.language })}
        />
      ) : largeFile ? (
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
            content={content}
            size={editor.size}
            disabled={creating}
            onChange={(value) => {
              editor.setTypedContent(value);
              setLoadedFile(null);
              paste.clearError('content');
            }}
            onPaste={editor.onEditorPaste}
            error={paste.errors.content}
          />
          {/* Several files cannot be sealed end to end yet (the server refuses them encrypted). */}
          <AddFileButton
            disabled={creating || encrypted}
            title={encrypted ? 'Several files cannot be encrypted end to end yet.' : undefined}
            onAdd={() => {
              multi.add({ content, language: options.language });
              setLoadedFile(null);
            }}
          />
        </>
      )}
      {files && paste.errors.content ? (
        <p role="alert" className="text-xs text-destructive">
          {paste.errors.content}
        </p>
      ) : null}
    </>
  );

  return (
    <CreatePasteLayout
      formRef={formRef}
      editor={editorArea}
      options={
        <PasteOptions
          value={{ ...options, expiration }}
          encryption={{
            on: encrypted,
            onChange: setEncrypted,
            forking: forkedFrom !== null,
            unavailable: files ? 'Several files cannot be encrypted end to end yet.' : undefined,
          }}
          role={role}
          disabled={creating}
          onChange={(patch) => {
            patchOptions(patch);
            if ('password' in patch || 'privacy' in patch) paste.clearError('password');
          }}
          passwordError={paste.errors.password}
        />
      }
      toolbar={
        <EditorToolbar
          onClear={clear}
          onCopy={clipboard.copy}
          onPaste={clipboard.paste}
          onFile={readFile}
          onCreate={paste.create}
          creating={creating}
          reading={readingProgress !== null}
        />
      }
    >
      <SecretWarningDialog
        findings={paste.secrets.findings}
        checkedLines={paste.secrets.checkedLines}
        onChoose={paste.onSecretChoice}
        onCancel={paste.secrets.close}
        canEncrypt={!encrypted}
        onCloseAutoFocus={paste.onWarningClosed}
      />
    </CreatePasteLayout>
  );
}
