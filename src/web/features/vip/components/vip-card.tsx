import { Crown } from 'lucide-react';
import { Link } from 'react-router';
import type { UserSettings } from '../../../../common/schemas/account';
import type { PublicUser } from '../../../../common/schemas/user';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { isVipMember } from '../lib/is-vip';
import { BannerForm } from './banner-form';
import { VipActivationForm } from './vip-activation-form';

/** VIP members (or staff with a license) manage their banner; everyone else can activate a license. */
export function VipCard({ user, settings }: { user: PublicUser; settings: UserSettings }) {
  const vip = isVipMember(user, settings);
  return (
    <Card id="vip" aria-labelledby="vip-title" className="scroll-mt-24 border-amber-400/30">
      <CardHeader>
        <CardTitle id="vip-title" className="flex flex-wrap items-center gap-2">
          <Crown aria-hidden className="size-5 text-amber-500" />
          {vip ? 'VIP Banner' : 'VIP Membership'}
          {vip ? <Badge variant="vip">VIP</Badge> : null}
        </CardTitle>
        <CardDescription>
          {vip ? (
            'Your banner appears above every paste you create.'
          ) : (
            <>
              Activate a license key for unlimited expiration and your own banner on your pastes.{' '}
              <Link to={paths.vip} className="font-medium text-primary hover:underline">
                Learn more
              </Link>
            </>
          )}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {vip ? <BannerForm user={user} /> : <VipActivationForm licenseUrl={settings.vipLicenseUrl} />}
      </CardContent>
    </Card>
  );
}
