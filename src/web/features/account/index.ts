/** What other features may use of account besides its api/: the deletion request dialog. */
export { RequestDeleteDialog } from './components/request-delete-dialog';
