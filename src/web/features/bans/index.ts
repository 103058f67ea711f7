/** Bans: the admin panel's tab, and the report card's "delete everything by this author". */
export { BansTab } from './components/bans-tab';
export { DeleteEverything } from './components/delete-everything';
