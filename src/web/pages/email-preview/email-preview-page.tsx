import { CircleCheck, Copy, LogIn, Mail, Settings } from 'lucide-react';
import { API_KEY_PREFIX, VERIFICATION_LINK_TTL_MS } from '../../../common/constants';
import { Page } from '../../components/layouts/page';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { useSiteTitle } from '../../features/settings/api/get-public-settings';

const TTL_HOURS = VERIFICATION_LINK_TTL_MS / 3_600_000;
const SAMPLE_USER = { username: 'jane_doe', email: 'jane@example.com' };

function SampleEmail({ site, origin }: { site: string; origin: string }) {
  const link = `${origin}/api/verify-email/3f9c2a7e...`;
  return (
    <Card className="overflow-hidden">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 border-b border-border bg-muted/50 px-6 py-4 text-sm">
        <dt className="text-muted-foreground">From</dt>
        <dd>
          {site} &lt;noreply@{window.location.hostname}&gt;
        </dd>
        <dt className="text-muted-foreground">To</dt>
        <dd>{SAMPLE_USER.email}</dd>
        <dt className="text-muted-foreground">Subject</dt>
        <dd className="font-medium">Verify your email address for {site}</dd>
      </dl>
      <div className="bg-white px-6 py-8 text-zinc-800 sm:px-10">
        <div className="mx-auto max-w-lg space-y-5 text-[15px] leading-relaxed">
          <p className="text-xl font-semibold text-zinc-900">Welcome to {site}!</p>
          <p>Hi {SAMPLE_USER.username},</p>
          <p>
            Thanks for creating an account. Please confirm that {SAMPLE_USER.email} is your email address by
            clicking the button below.
          </p>
          <p>
            <span className="inline-block rounded-lg bg-indigo-600 px-5 py-2.5 font-semibold text-white">
              Verify Email Address
            </span>
          </p>
          <p className="text-sm text-zinc-500">
            Or copy this link into your browser:
            <br />
            <span className="break-all text-indigo-600">{link}</span>
          </p>
          <p className="text-sm text-zinc-500">
            This link expires in {TTL_HOURS} hours. If you did not create an account, you can ignore this
            email.
          </p>
          <p className="border-t border-zinc-200 pt-4 text-xs text-zinc-400">— The {site} team</p>
        </div>
      </div>
    </Card>
  );
}

function SampleSuccessPage() {
  return (
    <Card className="mx-auto w-full max-w-md border-success/40">
      <CardHeader className="items-center text-center">
        <CircleCheck aria-hidden className="mb-2 size-12 text-success" />
        <CardTitle className="text-2xl">Email Verified</CardTitle>
        <CardDescription>Your email address is confirmed and your account is active.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-2">
        <p className="text-sm font-medium">Your API key</p>
        <div className="flex items-center gap-2 rounded-lg border border-border bg-muted/60 px-3 py-2 font-mono text-sm">
          <span className="flex-1 truncate">{API_KEY_PREFIX}••••••••••••••••••••••••</span>
          <Copy aria-hidden className="size-4 text-muted-foreground" />
        </div>
        <p className="text-xs text-muted-foreground">Shown only once. Copy it and keep it somewhere safe.</p>
      </CardContent>
      <CardFooter className="justify-center">
        <Button>
          <LogIn aria-hidden />
          Go to Login
        </Button>
        <Button variant="outline">
          <Settings aria-hidden />
          View Account Settings
        </Button>
      </CardFooter>
    </Card>
  );
}

export function EmailPreviewPage() {
  const site = useSiteTitle();
  return (
    <Page
      icon={Mail}
      title="Email Preview"
      description="What a new user receives after registering, and the page they see once they click the link."
    >
      <div className="space-y-10">
        <section aria-labelledby="email-heading" className="space-y-4">
          <div className="flex items-center gap-3">
            <h2 id="email-heading" className="text-xl font-semibold tracking-tight">
              Verification email
            </h2>
            <Badge variant="outline">Sample</Badge>
          </div>
          <SampleEmail site={site} origin={window.location.origin} />
        </section>
        <section aria-labelledby="after-heading" className="space-y-4">
          <div className="flex items-center gap-3">
            <h2 id="after-heading" className="text-xl font-semibold tracking-tight">
              After verification
            </h2>
            <Badge variant="outline">Sample</Badge>
          </div>
          <div className="rounded-xl border border-dashed border-border p-6" inert>
            <SampleSuccessPage />
          </div>
        </section>
      </div>
    </Page>
  );
}
