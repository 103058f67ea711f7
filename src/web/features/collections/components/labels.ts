import type { CollectionPrivacy } from '../../../../common/constants';
import type { CollectionSummary } from '../../../../common/schemas/collections';

export const PRIVACY_LABELS: Record<CollectionPrivacy, string> = {
  public: 'Public',
  unlisted: 'Unlisted',
  shared: 'Shared',
};

export const PRIVACY_HINTS: Record<CollectionPrivacy, string> = {
  public: 'Anyone can open it and search engines may list it.',
  unlisted: 'Anyone with its link can open it.',
  shared: 'Only you (or its team), the people and teams it names, and staff.',
};

export const ownerLabel = (owner: CollectionSummary['owner']) =>
  owner.type === 'team' ? `Team ${owner.name}` : `by ${owner.username}`;
