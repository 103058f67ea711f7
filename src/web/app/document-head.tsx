import { useEffect } from 'react';
import { pageTitle } from '../../common/constants';
import { usePublicSettings } from '../features/settings/api/get-public-settings';
import { useSetupStatus } from '../features/setup/api/get-setup-status';

/** Keeps the tab title and favicon in step with the public settings (spec §1). */
export function DocumentHead() {
  const setupCompleted = useSetupStatus().data?.setupCompleted === true;
  const { data } = usePublicSettings({ enabled: setupCompleted });
  const siteTitle = data?.siteTitle;
  const faviconUrl = data?.faviconUrl;

  useEffect(() => {
    document.title = pageTitle(siteTitle);
  }, [siteTitle]);

  useEffect(() => {
    if (!faviconUrl) return;
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.removeAttribute('type');
    link.href = faviconUrl;
  }, [faviconUrl]);

  return null;
}
