import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { DEFAULT_BANNER_URL } from '../../../lib/vip-banner';

/**
 * The banner as pastes will show it: the default image when there is none or it fails to load,
 * with the 'Banner File Missing' alert in that case. Keyed by URL by the caller, so a new URL
 * gets a fresh try.
 */
export function BannerPreview({ url }: { url: string | null }) {
  const [failed, setFailed] = useState(false);
  const src = url && !failed ? url : DEFAULT_BANNER_URL;
  return (
    <div className="space-y-3">
      <div className="mx-auto w-full max-w-[450px]" data-testid="banner-preview">
        <img
          src={src}
          alt="Banner preview"
          width={450}
          height={120}
          referrerPolicy="no-referrer"
          onError={() => setFailed(true)}
          className="h-auto max-h-32 w-full rounded-lg border border-border object-cover"
        />
      </div>
      {failed ? (
        <Alert variant="warning" title="Banner File Missing">
          The banner image could not be loaded, so the default banner is shown. Check that the URL points to
          an image on a trusted image host.
        </Alert>
      ) : null}
    </div>
  );
}
