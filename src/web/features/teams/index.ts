/**
 * What other features and pages use of teams: the share panel of a paste, the editor of whom
 * something shared names (collections use it too), "Shared with me".
 */
export { GranteeEditor, type Grantees, namesOfGrantees } from './components/grantee-editor';
export { SharePanel } from './components/share-panel';
export { SharedWithMeCard } from './components/shared-with-me-card';
export { TeamList } from './components/team-list';
