/** What pages use of collections: the Account card, "Add to collection", a collection's screen parts. */
export { useAddCollectionPaste } from './api/add-collection-paste';
export { useDeleteCollection } from './api/delete-collection';
export { useCollection } from './api/get-collection';
export { useRemoveCollectionPaste } from './api/remove-collection-paste';
export { useUpdateCollection } from './api/update-collection';
export { AddToCollection } from './components/add-to-collection';
export { CollectionPastes } from './components/collection-pastes';
export { CollectionSettings } from './components/collection-settings';
export { CollectionsCard } from './components/collections-card';
export { ownerLabel, PRIVACY_LABELS } from './components/labels';
