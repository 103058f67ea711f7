/** What other features and pages use of teams: the share panel of a paste, "Shared with me". */
export { SharePanel } from './components/share-panel';
export { SharedWithMeCard } from './components/shared-with-me-card';
export { TeamList } from './components/team-list';
