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

/** Banner image URL (required, https, trusted hosts: checked by the server) and optional link. */
export function BannerForm({ user }: { user: PublicUser }) {
  const update = useUpdateBanner();
  const [imageUrl, setImageUrl] = useState(user.vipBannerUrl ?? '');
  const [link, setLink] = useState(user.vipBannerLink ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState(() => previewable(imageUrl.trim()));

  // Preview what is typed once typing pauses, not every half-written URL.
  useEffect(() => {
    const timer = setTimeout(() => setPreview(previewable(imageUrl.trim())), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [imageUrl]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const bannerImageUrl = imageUrl.trim();
    if (!bannerImageUrl) {
      setProblem(VIP_MESSAGES.bannerUrlRequired);
      toast({ title: FAILED, description: VIP_MESSAGES.bannerUrlRequired, variant: 'destructive' });
      return;
    }
    setProblem(null);
    update.mutate(
      { bannerImageUrl, bannerLink: link.trim() },
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
        hint={`An https image on a trusted image host (such as i.imgur.com), up to ${VIP_BANNER_MAX_BYTES / MB} MB; 450×120 px recommended.`}
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
      <Button type="submit" variant="vip" disabled={update.isPending}>
        <ImagePlus aria-hidden />
        {update.isPending ? 'Saving...' : 'Save Banner'}
      </Button>
    </form>
  );
}
