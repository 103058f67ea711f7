/** What the pages use of revisions: the list-and-compare screen and the one-revision screen. */
export { RevisionScreen } from './components/revision-screen';
export { RevisionsScreen } from './components/revisions-screen';
