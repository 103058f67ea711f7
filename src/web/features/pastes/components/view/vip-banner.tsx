import { useState } from 'react';
import type { PasteView } from '../../../../../common/schemas/paste';
import { bannerHref, DEFAULT_BANNER_URL } from '../../../../lib/vip-banner';

/**
 * The banner of a VIP author (spec §2): the default image when none is set or it fails to load;
 * a link without a scheme gets https://, and only http(s) links are followed.
 */
export function VipBanner({ banner }: { banner: NonNullable<PasteView['vipBanner']> }) {
  const [failed, setFailed] = useState(false);
  const src = !failed && banner.bannerUrl ? banner.bannerUrl : DEFAULT_BANNER_URL;
  const href = bannerHref(banner.bannerLink);
  const image = (
    <img
      src={src}
      alt="VIP member banner"
      width={450}
      height={120}
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
      className="h-auto max-h-32 w-full rounded-lg border border-border object-cover"
    />
  );
  return (
    <div className="mx-auto w-full max-w-[450px]" data-testid="vip-banner">
      {href ? (
        <a href={href} target="_blank" rel="noopener noreferrer" aria-label="VIP member banner link">
          {image}
        </a>
      ) : (
        image
      )}
    </div>
  );
}
