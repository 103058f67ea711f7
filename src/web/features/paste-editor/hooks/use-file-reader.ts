import { useCallback, useState } from 'react';
import { CHUNKED_UPLOAD_THRESHOLD_BYTES, JSON_CREATE_MAX_BYTES, MB } from '../../../../common/constants';
import { toast } from '../../../components/ui/toast-store';
import { megabytes } from '../../pastes';

/** Spec §2: the file types Upload File accepts. */
export const UPLOAD_EXTENSIONS = [
  '.txt',
  '.log',
  '.json',
  '.xml',
  '.csv',
  '.md',
  '.js',
  '.ts',
  '.jsx',
  '.tsx',
  '.py',
  '.java',
  '.c',
  '.cpp',
  '.h',
  '.css',
  '.html',
  '.sh',
  '.yaml',
  '.yml',
] as const;

const UPLOAD_FAILED = 'Failed to upload file';

export function hasAcceptedExtension(name: string): boolean {
  const lower = name.toLowerCase();
  return UPLOAD_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

/** 'notes.backup.txt' → 'notes.backup'. */
export function titleFromFileName(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/** Room in the JSON body for everything but the content: options, and a sealed title of ≤ 1024 characters. */
const JSON_FIELDS_ROOM = 4 * 1024;

/**
 * The largest file an encrypted create can still send as JSON: sealed (pse1 adds a 16-byte header
 * and 16 bytes per MiB chunk, as docs/encryption.md says) then base64 (4 characters per 3 bytes).
 * Written out here, not imported from the crypto module, which stays out of the first load.
 */
export function fitsEncryptedJson(fileBytes: number): boolean {
  const sealed = 16 + fileBytes + 16 * Math.max(1, Math.ceil(fileBytes / MB));
  return 4 * Math.ceil(sealed / 3) + JSON_FIELDS_ROOM <= JSON_CREATE_MAX_BYTES;
}

interface Options {
  /** maxPasteSize of the public settings, in MB, or null when unlimited. */
  maxPasteSizeMB: number | null;
  onLoaded: (text: string, file: File) => void;
  /** A file over 50 MB: not read here, but uploaded in chunks when the paste is created (spec §5). */
  onLargeFile: (file: File) => void;
  /** End-to-end encrypted: a file whose sealed base64 would not fit a JSON create goes in chunks too. */
  encrypted?: boolean;
}

/** Upload File: checks the size rules, then reads the file as text with 'Reading file...' progress. */
export function useFileReader({ maxPasteSizeMB, onLoaded, onLargeFile, encrypted = false }: Options) {
  const [progress, setProgress] = useState<number | null>(null);

  const readFile = useCallback(
    (file: File) => {
      if (!hasAcceptedExtension(file.name)) {
        toast({
          title: UPLOAD_FAILED,
          description: `Unsupported file type. Accepted: ${UPLOAD_EXTENSIONS.join(' ')}`,
          variant: 'destructive',
        });
        return;
      }
      if (maxPasteSizeMB !== null && file.size > maxPasteSizeMB * MB) {
        toast({
          title: 'File too large',
          description: `File is ${megabytes(file.size)} MB. Maximum size is ${maxPasteSizeMB} MB.`,
          variant: 'destructive',
        });
        return;
      }
      if (file.size > CHUNKED_UPLOAD_THRESHOLD_BYTES || (encrypted && !fitsEncryptedJson(file.size))) {
        onLargeFile(file);
        return;
      }
      const reader = new FileReader();
      setProgress(0);
      reader.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) setProgress((event.loaded / event.total) * 100);
      };
      reader.onload = () => {
        setProgress(null);
        onLoaded(typeof reader.result === 'string' ? reader.result : '', file);
      };
      reader.onerror = () => {
        setProgress(null);
        toast({ title: UPLOAD_FAILED, description: 'Could not read file content', variant: 'destructive' });
      };
      reader.readAsText(file);
    },
    [maxPasteSizeMB, onLoaded, onLargeFile, encrypted],
  );

  return { readFile, readingProgress: progress };
}
