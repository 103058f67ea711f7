/** What other features may use of admin besides its api/: the confirmation before deleting a paste. */
export { DeletePasteDialog } from './components/delete-paste-dialog';
