import { useCallback, useState } from 'react';
import { CHUNKED_UPLOAD_THRESHOLD_BYTES, MB } from '../../../../../common/constants';
import { toast } from '../../../../components/ui/toast-store';
import { megabytes } from '../../lib/size-levels';

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

interface Options {
  /** maxPasteSize of the public settings, in MB, or null when unlimited. */
  maxPasteSizeMB: number | null;
  onLoaded: (text: string, file: File) => void;
  /** A file over 50 MB: not read here, but uploaded in chunks when the paste is created (spec §5). */
  onLargeFile: (file: File) => void;
}

/** Upload File: checks the size rules, then reads the file as text with 'Reading file...' progress. */
export function useFileReader({ maxPasteSizeMB, onLoaded, onLargeFile }: Options) {
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
      if (file.size > CHUNKED_UPLOAD_THRESHOLD_BYTES) {
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
    [maxPasteSizeMB, onLoaded, onLargeFile],
  );

  return { readFile, readingProgress: progress };
}
