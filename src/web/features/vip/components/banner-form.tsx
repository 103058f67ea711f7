import { ImagePlus } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { MB, VIP_BANNER_MAX_BYTES } from '../../../../common/constants';
import { VIP_MESSAGES } from '../../../../common/schemas/account';
import type { PublicUser } from '../../../../common/schemas/user';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { toast, toastError } from '../../../components/ui/toast-store';
import { useUpdateBanner } from '../api/update-banner';
import { measureImage } from '../lib/measure-image';
import { BannerPreview } from './banner-preview';

const FAILED = 'Update Failed';
const PREVIEW_DELAY_MS = 500;

/** An https URL worth trying in the preview; anything else previews the default banner. */
function previewable(url: string): string | null {
  try {
    return new URL(url).protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * Banner image URL (required, https, trusted hosts: checked by the server), its size (measured here
 * before saving) and an optional link.
 */
export function BannerForm({ user }: { user: PublicUser }) {
  const update = useUpdateBanner();
  const [imageUrl, setImageUrl] = useState(user.vipBannerUrl ?? '');
  const [link, setLink] = useState(user.vipBannerLink ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [measuring, setMeasuring] = useState(false);
  const [preview, setPreview] = useState(() => previewable(imageUrl.trim()));

  // Preview what is typed once typing pauses, not every half-written URL.
  useEffect(() => {
    const timer = setTimeout(() => setPreview(previewable(imageUrl.trim())), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [imageUrl]);

  function refuse(message: string) {
    setProblem(message);
    toast({ title: FAILED, description: message, variant: 'destructive' });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const bannerImageUrl = imageUrl.trim();
    if (!bannerImageUrl) return refuse(VIP_MESSAGES.bannerUrlRequired);
    setProblem(null);
    setMeasuring(true);
    // Measured here, where it is downloaded from: the server never fetches it.
    const size = previewable(bannerImageUrl)
      ? await measureImage(bannerImageUrl, VIP_BANNER_MAX_BYTES)
      : null;
    setMeasuring(false);
    if (size && 'tooLarge' in size) return refuse(VIP_MESSAGES.bannerTooLarge);
    update.mutate(
      { bannerImageUrl, bannerLink: link.trim(), bannerImageBytes: size?.bytes },
      {
        onSuccess: (result) => {
          // The server stores a normalized form (e.g. https:// added to the link).
          setImageUrl(result.user.vipBannerUrl ?? bannerImageUrl);
          setLink(result.user.vipBannerLink ?? '');
          toast({
            title: 'Banner updated',
            description: 'Your pastes now show this banner.',
            variant: 'success',
          });
        },
        onError: (error) => {
          setProblem(error.message || FAILED);
          toastError(FAILED, error, FAILED);
        },
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Banner">
      {problem ? <Alert variant="destructive" title={problem} /> : null}
      <BannerPreview key={preview ?? ''} url={preview} />
      <Field
        label="Banner Image URL"
        name="bannerImageUrl"
        type="url"
        inputMode="url"
        placeholder="https://i.imgur.com/your-banner.png"
        value={imageUrl}
        onChange={(e) => setImageUrl(e.target.value)}
        hint={`An https image on a trusted image host (such as i.imgur.com), up to ${VIP_BANNER_MAX_BYTES / MB} MB (checked when you save, where the host lets your browser read it); 450×120 px recommended.`}
        aria-required
      />
      <Field
        label="Banner Link (optional)"
        name="bannerLink"
        inputMode="url"
        placeholder="example.com"
        value={link}
        onChange={(e) => setLink(e.target.value)}
        hint="Where a click on the banner goes. https:// is added when you leave it out."
      />
      <Button type="submit" variant="vip" disabled={measuring || update.isPending}>
        <ImagePlus aria-hidden />
        {measuring ? 'Checking the image...' : update.isPending ? 'Saving...' : 'Save Banner'}
      </Button>
    </form>
  );
}
