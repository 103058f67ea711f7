import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useRef, useState } from 'react';
import type { Expiration, Privacy } from '../../../../common/constants';
import { PASTE_MESSAGES, UPLOAD_MESSAGES } from '../../../../common/messages';
import { toast, toastError } from '../../../components/ui/toast-store';
import { ApiError, OFFLINE_MESSAGE } from '../../../lib/api-client';
import { type FieldErrors, focusFirstInvalid, hasErrors, withoutError } from '../../../lib/field-errors';
import { queryKeys } from '../../../lib/query-keys';
import { parseTags } from '../../../lib/tags';
import { loadSealPaste, type SealedPaste } from '../../encryption';
import type { ForkSource } from '../../pastes';
import { useCreatePasteMutation } from '../api/create-paste';
import { ChunkedUploadError, uploadInChunks } from '../api/upload-in-chunks';
import type { PasteOptionsValue } from '../components/paste-options';
import type { SecretChoice } from '../components/secret-warning-dialog';
import { type EditorFile, fileNameProblems, filesToSend, isPlainPaste } from '../lib/editor-files';
import { useSecretWarning } from './use-secret-warning';

/** Said in the "Not sent" notice, with Retry, when the encryption code cannot load. */
const ENCRYPTION_UNAVAILABLE =
  'The encryption code could not be loaded. Check your connection, then try again.';

type FormField = 'content' | 'password';

export type CreateOptions = Omit<PasteOptionsValue, 'expiration'> & { expiration: Expiration | null };

/** What the create screen holds when Create Paste is pressed. */
export interface CreateInput {
  content: string;
  /** The form's files once "Add file" was used (null: the single editor's `content`). */
  files: EditorFile[] | null;
  options: CreateOptions;
  /** The role's expiration once enforced (options.expiration null = the role's default). */
  expiration: Expiration;
  encrypted: boolean;
  /** A file over 50 MB, uploaded in chunks instead of the editor's text. */
  largeFile: File | null;
  forkedFrom: ForkSource | null;
}

export function destructiveToast(title: string, description: string) {
  toast({ title, description, variant: 'destructive' });
}

/**
 * Creating a paste from the create screen (spec §2, §5): the form's checks with every message under
 * its field, the look for secrets before a public paste goes out, sealing in the tab for an
 * encrypted one, the send with its progress (or the chunked upload of a large file), and what went
 * wrong: the field errors and the "Not sent" notice.
 */
export function useCreatePaste({
  input,
  formRef,
  onCreated,
  onEncrypt,
  onOptions,
  onLargeFileSent,
}: {
  input: CreateInput;
  formRef: RefObject<HTMLElement | null>;
  onCreated: (id: string, keyText?: string) => void;
  /** The secret warning's "Encrypt": the switch shows it on. */
  onEncrypt: () => void;
  /** The secret warning's privacy choices change the form's privacy. */
  onOptions: (patch: Partial<CreateOptions>) => void;
  onLargeFileSent: () => void;
}) {
  const queryClient = useQueryClient();
  const [uploadProgress, setUploadProgress] = useState(0);
  /** Sealing the text before it is sent (the crypto code loads on first use). */
  const [sealing, setSealing] = useState(false);
  const createMutation = useCreatePasteMutation(setUploadProgress);
  const [errors, setErrors] = useState<FieldErrors<FormField>>({});
  /** Each file's name problem, by the file's key. */
  const [fileErrors, setFileErrors] = useState<Record<number, string>>({});
  /** The create could not reach the server (offline, stalled): said here, with Retry and Cancel. */
  const [networkProblem, setNetworkProblem] = useState<string | null>(null);
  const [chunkedProgress, setChunkedProgress] = useState<number | null>(null);
  const uploading = chunkedProgress !== null;
  const creating = createMutation.isPending || uploading || sealing;
  const secrets = useSecretWarning({ onProblem: setNetworkProblem });
  /** "Protect with a password" closes the warning onto the password field, not the Create button. */
  const focusPasswordNext = useRef(false);
  const { options, expiration, encrypted, largeFile, forkedFrom, files } = input;
  // Several files, or one with a name, go as `files`; one unnamed file is an ordinary paste.
  const sentFiles = files && !isPlainPaste(files) ? files : null;
  /** The text that is checked (empty, secrets): the single editor's, or every file's. */
  const content = files ? files.map((file) => file.content).join('\n') : input.content;
  /** What the form holds now, for the end of a scan that began a render or more ago. */
  const latest = useRef({ content, privacy: options.privacy });
  useEffect(() => {
    latest.current = { content, privacy: options.privacy };
  });

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

  function onCreateError(error: Error) {
    if (error instanceof ApiError && error.status === 0) setNetworkProblem(error.message);
    else toastError('Failed to create paste', error, 'An error occurred');
  }

  async function uploadLargeFile(file: File) {
    setChunkedProgress(0);
    const tags = parseTags(options.tags);
    const chunked = {
      ...sharedFields(options.privacy),
      title: options.title.trim(),
      ...(tags.length > 0 && !encrypted ? { tags } : {}),
    };
    try {
      // Encrypted: sealed as a stream in this tab (api/upload-encrypted, its own chunk).
      const { id, keyText } = encrypted
        ? await import('../../encryption/api/upload-encrypted').then((m) =>
            m.uploadEncrypted(file, chunked, setChunkedProgress),
          )
        : { id: await uploadInChunks(file, chunked, setChunkedProgress), keyText: undefined };
      void queryClient.invalidateQueries({ queryKey: queryKeys.myPastes });
      onLargeFileSent();
      onCreated(id, keyText);
    } catch (error) {
      const title = error instanceof ChunkedUploadError ? error.title : UPLOAD_MESSAGES.failed;
      destructiveToast(title, error instanceof Error ? error.message : UPLOAD_MESSAGES.failed);
    } finally {
      setChunkedProgress(null);
    }
  }

  /** Seals text and title under a new key here, sends only the sealed bytes, and keeps the key for the link. */
  async function sendEncrypted(privacy: Privacy) {
    setSealing(true);
    let sealed: SealedPaste;
    try {
      const { sealPaste } = await loadSealPaste();
      sealed = await sealPaste(content, options.title.trim());
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
        ...(sentFiles ? { files: filesToSend(sentFiles), language: undefined } : { content }),
        ...(forkedFrom ? { forkedFrom: forkedFrom.id } : {}),
        ...(parseTags(options.tags).length > 0 ? { tags: parseTags(options.tags) } : {}),
      },
      { onSuccess: ({ id }) => onCreated(id), onError: onCreateError },
    );
  }

  function create() {
    const nameProblems = sentFiles ? fileNameProblems(sentFiles) : {};
    setFileErrors(nameProblems);
    const firstNameProblem = Object.values(nameProblems)[0];
    if (firstNameProblem) {
      destructiveToast(PASTE_MESSAGES.cannotCreate, firstNameProblem);
      formRef.current?.querySelector<HTMLElement>('[name="file-name"][aria-invalid="true"]')?.focus();
      return;
    }
    const found: FieldErrors<FormField> = {
      content: !largeFile && !content.trim() ? PASTE_MESSAGES.emptyContent : undefined,
      password:
        options.privacy === 'password' && !options.password ? PASTE_MESSAGES.passwordRequired : undefined,
    };
    setErrors(found);
    if (hasErrors(found)) {
      // Every message under its field; the toast says the first, where the focus goes (spec §5).
      if (found.content) destructiveToast(PASTE_MESSAGES.cannotCreate, found.content);
      else if (found.password) destructiveToast(PASTE_MESSAGES.passwordRequiredTitle, found.password);
      focusFirstInvalid(formRef.current, ['content', 'password'], found);
      return;
    }
    setNetworkProblem(null);
    // A file over 50 MB goes up in chunks unscanned, here and on the server: reading it into the
    // tab to scan it is what the chunked path exists to avoid.
    if (largeFile) return void uploadLargeFile(largeFile);
    // Public text (typed, pasted or read from a file) is scanned in the tab before anything is sent.
    if (options.privacy === 'public') {
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
      onEncrypt();
      return void sendEncrypted(options.privacy);
    }
    if (choice === 'password') {
      focusPasswordNext.current = true;
      onOptions({ privacy: 'password' });
      return;
    }
    if (choice === 'unlisted') onOptions({ privacy: 'unlisted' });
    else secrets.acceptAnyway(content);
    send(choice);
  }

  /** Where the focus goes as the warning closes: the password field after "Protect with a password". */
  function onWarningClosed(event: Event) {
    if (!focusPasswordNext.current) return;
    focusPasswordNext.current = false;
    event.preventDefault();
    formRef.current?.querySelector<HTMLElement>('[name="password"]')?.focus();
  }

  return {
    create,
    /** Create unless a create is under way or the secret warning is open (Ctrl+Enter). */
    createIfIdle: () => {
      if (!creating && !secrets.findings) create();
    },
    creating,
    sealing,
    uploading,
    sending: createMutation.isPending,
    uploadProgress,
    chunkedProgress,
    errors,
    clearError: (field: FormField) => {
      setErrors((e) => withoutError(e, field));
      setFileErrors({});
    },
    fileErrors,
    networkProblem,
    dismissNetworkProblem: () => setNetworkProblem(null),
    secrets,
    onSecretChoice,
    onWarningClosed,
  };
}
