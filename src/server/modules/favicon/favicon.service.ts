import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { FAVICON_MESSAGES } from '../../../common/schemas/admin.js';
import { badRequest } from '../../errors.js';
import type { BlobStore } from '../../infra/blob-store/index.js';
import type { SettingsService } from '../settings/settings.service.js';
import { type FaviconExt, faviconTypeOf } from './favicon-type.js';

export type FaviconService = ReturnType<typeof createFaviconService>;

export function createFaviconService({ blobs, settings }: { blobs: BlobStore; settings: SettingsService }) {
  return {
    /** Keeps the image under a new name and makes it the site's favicon; returns its URL. */
    async store(bytes: Buffer): Promise<string> {
      const ext = faviconTypeOf(bytes);
      if (!ext) throw badRequest(FAVICON_MESSAGES.wrongType);
      const id = randomBytes(16).toString('base64url');
      await blobs.put(`favicons/${id}-${ext}`, bytes);
      const url = `/favicon/${id}.${ext}`;
      await settings.update({ faviconUrl: url });
      return url;
    },
    async open(id: string, ext: FaviconExt): Promise<{ stream: Readable; size: number } | null> {
      const key = `favicons/${id}-${ext}`;
      const size = await blobs.size(key);
      return size === null ? null : { stream: await blobs.get(key), size };
    },
  };
}
