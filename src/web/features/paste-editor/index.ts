/** What the pages use of the paste editor: the create screen and the edit screen. */
export { CreatePasteForm } from './components/create-paste-form';
export { EditPasteScreen } from './components/edit-paste-screen';
