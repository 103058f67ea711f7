import {
  Crown,
  ExternalLink,
  FilePlus,
  ImagePlus,
  Infinity as InfinityIcon,
  KeyRound,
  type LucideIcon,
  UserPlus,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MB, VIP_BANNER_MAX_BYTES } from '../../../common/constants';
import { Page } from '../../components/layouts/page';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { paths } from '../../config/paths';
import { useUser } from '../../features/auth/api/get-user';
import { usePublicSettings } from '../../features/settings/api/get-public-settings';
import { isVipMember } from '../../features/vip/lib/is-vip';
import { cn } from '../../lib/cn';
import { safeExternalUrl } from '../../lib/safe-url';
import { VipExample } from './vip-example';

/** The first step is done for a signed-in visitor: they see the rest, numbered from 1. */
const steps = [
  { title: 'Create an account', text: 'Register for free and log in.', forVisitors: true },
  { title: 'Get a license key', text: 'Buy a VIP license or receive one from the site administrators.' },
  { title: 'Activate it', text: 'Open Account Settings and enter your key in the VIP card.' },
  { title: 'Add your banner', text: 'Set a banner image and link; it appears on every paste you create.' },
];

/** The VIP card of the account page: license activation, or banner management for members. */
const VIP_CARD = `${paths.accountSettings}#vip`;

function VipActions() {
  const { data: user } = useUser();
  const { data: settings } = usePublicSettings();
  const licenseUrl = safeExternalUrl(settings?.vipLicenseUrl);

  if (isVipMember(user)) {
    return (
      <div className="flex flex-wrap gap-3">
        <Button asChild variant="vip">
          <Link to={VIP_CARD}>
            <ImagePlus aria-hidden />
            Manage Banner
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.home}>
            <FilePlus aria-hidden />
            Create Paste
          </Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap gap-3">
      {licenseUrl ? (
        <Button asChild variant="vip">
          <a href={licenseUrl} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden />
            Buy VIP License
          </a>
        </Button>
      ) : null}
      <Button asChild variant={licenseUrl ? 'outline' : 'vip'}>
        <Link to={VIP_CARD}>
          <KeyRound aria-hidden />
          Activate VIP Now
        </Link>
      </Button>
      {user ? null : (
        <Button asChild variant="outline">
          <Link to={paths.register}>
            <UserPlus aria-hidden />
            Create Account
          </Link>
        </Button>
      )}
    </div>
  );
}

function Perk({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <Card className="border-amber-400/30">
      <CardHeader>
        <span className="mb-2 grid size-10 place-items-center rounded-lg bg-amber-400/15 text-amber-500">
          <Icon aria-hidden className="size-5" />
        </span>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{children}</CardDescription>
      </CardHeader>
    </Card>
  );
}

export function VipPage() {
  const { data: user } = useUser();
  return (
    <Page
      icon={Crown}
      title="VIP Membership"
      description="Keep your pastes as long as you like and put your own banner on them."
      actions={isVipMember(user) ? <Badge variant="vip">You are a VIP member</Badge> : null}
    >
      <div className="space-y-10">
        <div className="grid gap-4 md:grid-cols-2">
          <Perk icon={InfinityIcon} title="Unlimited Expiration">
            Choose "Never expires" for your pastes. Regular accounts are limited to six months, visitors to
            three.
          </Perk>
          <Perk icon={ImagePlus} title="Custom Banners">
            Show your own banner on every paste you share: images up to {VIP_BANNER_MAX_BYTES / MB} MB
            (450×120 px recommended), with an optional link to your site.
          </Perk>
        </div>

        <section aria-labelledby="example-heading" className="space-y-4">
          <h2 id="example-heading" className="text-xl font-semibold tracking-tight">
            Example
          </h2>
          <VipExample />
        </section>

        <section aria-labelledby="steps-heading" className="space-y-4">
          <h2 id="steps-heading" className="text-xl font-semibold tracking-tight">
            How to activate VIP
          </h2>
          <ol className={cn('grid gap-4 sm:grid-cols-2', user ? 'lg:grid-cols-3' : 'lg:grid-cols-4')}>
            {steps
              .filter((step) => !(user && 'forVisitors' in step))
              .map((step, index) => (
                <li key={step.title}>
                  <Card className="h-full">
                    <CardContent className="space-y-2 p-5">
                      <span className="grid size-8 place-items-center rounded-full bg-amber-400/15 text-sm font-bold text-amber-800 dark:text-amber-300">
                        {index + 1}
                      </span>
                      <p className="font-medium">{step.title}</p>
                      <p className="text-sm text-muted-foreground">{step.text}</p>
                    </CardContent>
                  </Card>
                </li>
              ))}
          </ol>
        </section>

        <VipActions />
      </div>
    </Page>
  );
}
