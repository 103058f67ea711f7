/** The server's limits on a multi-file paste, and what the form says of them. */
export const MAX_PASTE_FILES = 20;
export const PASTE_FILE_NAME_MAX = 100;
export const FILE_MESSAGES = {
  tooManyFiles: 'A paste holds at most 20 files.',
  duplicateName: 'Two files cannot share a name.',
  nameRequired: 'Name the file.',
  nameTooLong: 'A file name is at most 100 characters.',
  nameInvalid: 'A file name cannot be . or .. or hold / \\ or control characters.',
};
