/** A likely credential as the warning names it: the kind in words and its 1-based line. */
export interface SecretNotice {
  label: string;
  line: number;
}

/**
 * The secret scan of src/common, run in the browser before a public paste is sent (issue 23), so
 * the text never leaves the tab until the author has chosen. The scanner is imported on the first
 * public create, not with the create screen: it is its own chunk, outside the first load of `/`.
 */
export async function findSecrets(text: string): Promise<SecretNotice[]> {
  const { scanForSecrets, SECRET_KIND_LABELS } = await import('../../../../common/secret-scan');
  return scanForSecrets(text).map(({ kind, line }) => ({ label: SECRET_KIND_LABELS[kind], line }));
}
