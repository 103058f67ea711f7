import type { CollectionPaste, CollectionSummary } from '../../../common/schemas/collections.js';
import { iso } from '../../clock.js';
import type { PasteWithAuthor } from '../pastes/pastes.service.js';
import type { CollectionRow, CollectionShareRow } from './collections.repository.js';

export const presentCollection = (row: CollectionRow): CollectionSummary => ({
  id: row.id,
  name: row.name,
  description: row.description,
  privacy: row.privacy,
  owner:
    row.team_id !== null
      ? { type: 'team', slug: row.team_slug ?? '', name: row.team_name ?? '' }
      : { type: 'user', username: row.owner_username ?? '' },
  createdAt: iso(row.created_at)!,
  updatedAt: iso(row.updated_at)!,
});

export const presentCollectionPaste = (row: PasteWithAuthor): CollectionPaste => ({
  id: row.id,
  title: row.title,
  language: row.language,
  privacy: row.privacy,
  author: row.author_username ?? 'Anonymous',
  createdAt: iso(row.created_at)!,
});

export const presentCollectionShares = (rows: CollectionShareRow[]) => ({
  users: rows.flatMap((r) => (r.username === null ? [] : [{ username: r.username }])),
  teams: rows.flatMap((r) =>
    r.slug === null || r.team_name === null ? [] : [{ slug: r.slug, name: r.team_name }],
  ),
});
