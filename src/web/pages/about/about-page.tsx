import {
  Building2,
  Clock,
  CodeXml,
  Flame,
  Info,
  KeyRound,
  Lock,
  type LucideIcon,
  Search,
  Share2,
  ShieldCheck,
  Users,
  Zap,
} from 'lucide-react';
import { Page } from '../../components/layouts/page';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { useSiteTitle } from '../../features/settings/api/get-public-settings';
import { TECHNOLOGIES } from './technologies';

const features: { icon: LucideIcon; title: string; text: string; tint: string }[] = [
  {
    icon: ShieldCheck,
    title: 'Privacy First',
    text: 'No ads, no trackers, no analytics. We keep only what a paste needs to work, and expired pastes are deleted for good.',
    tint: 'bg-emerald-500/15 text-emerald-500',
  },
  {
    icon: Clock,
    title: 'Flexible Expiration',
    text: 'Keep a paste for an hour, a day, a week, up to six months — or forever with VIP. Expired pastes are never served.',
    tint: 'bg-sky-500/15 text-sky-500',
  },
  {
    icon: Lock,
    title: 'Password Protection',
    text: 'Lock a paste with a password. It is stored only as a strong hash, and the content stays hidden until it is entered.',
    tint: 'bg-violet-500/15 text-violet-500',
  },
  {
    icon: Users,
    title: 'Shared with People and Teams',
    text: 'A Shared paste is readable only by its author, the people and teams the author names, and the site’s staff — a link alone opens nothing. Only they find it in search; it is never on a public list, never previewed, never indexed by search engines.',
    tint: 'bg-indigo-500/15 text-indigo-500',
  },
  {
    icon: Search,
    title: 'Search, Tags and Collections',
    text: 'Find any paste you may read by the words in its title and text, with the matching line shown; filter by author, team, tag, language, privacy and date. Unlisted pastes are found only by their authors, and the text of password, burn and encrypted pastes is never searched. Gather pastes in ordered collections with a link of their own; a reader sees only the pastes in one they may read.',
    tint: 'bg-amber-500/15 text-amber-500',
  },
  {
    icon: KeyRound,
    title: 'End-to-end Encryption',
    text: 'Turn it on and the text and title are encrypted in your browser; the key lives only in the link, after the #, which browsers never send. We store what we cannot read.',
    tint: 'bg-teal-500/15 text-teal-500',
  },
  {
    icon: Flame,
    title: 'Burn After Reading',
    text: 'A burn paste is shown exactly once and then deleted, even if several people open the link at the same moment.',
    tint: 'bg-orange-500/15 text-orange-500',
  },
  {
    icon: CodeXml,
    title: 'Developer Friendly',
    text: 'A documented REST API with API keys, raw views for curl and scripts, and files over 50 MB uploaded in 40 MB chunks, each sent again by itself if the connection drops. A paste may hold up to 20 named files, each with its own raw view and download, or all of them as one ZIP.',
    tint: 'bg-pink-500/15 text-pink-500',
  },
  {
    icon: Building2,
    title: 'Your Organisation’s Sign-in',
    text: 'Where the admin connects one, sign in with your organisation’s OpenID Connect provider, GitHub or LDAP directory; its groups can give staff roles and team memberships, and a site can be set to single sign-on only. Anyone can add an authenticator app or a passkey as a second factor, with recovery codes, and sign in with a passkey alone.',
    tint: 'bg-indigo-500/15 text-indigo-500',
  },
  {
    icon: Share2,
    title: 'Embed and Share',
    text: 'Put a public or unlisted paste into another page with one script tag or an iframe, light or dark, a range of lines if you like; oEmbed lets blogs and wikis do it from the link alone. Share shows the link as a QR code for a phone.',
    tint: 'bg-lime-500/15 text-lime-500',
  },
  {
    icon: Zap,
    title: 'Lightning Fast',
    text: 'A small app that loads each screen on demand, and large pastes streamed straight from storage without freezing your tab.',
    tint: 'bg-yellow-500/15 text-yellow-500',
  },
];

export function AboutPage() {
  const siteTitle = useSiteTitle();
  return (
    <Page
      icon={Info}
      title={`About ${siteTitle}`}
      description="Share text and code securely, simply and quickly."
    >
      <div className="space-y-8">
        <Card>
          <CardHeader>
            <CardTitle>Overview</CardTitle>
          </CardHeader>
          <CardContent className="space-y-3 text-muted-foreground">
            <p>
              {siteTitle} is a paste-sharing service for developers and teams. Save a snippet, a log file or a
              whole document and share it with a single link — anonymously or with an account.
            </p>
            <p>
              Every paste can be public or password protected, can expire after a chosen time or burn after
              its first reading, and can be viewed, copied, downloaded or reported. Registered users get an
              API key and a list of their pastes; VIP members get unlimited expiration and a personal banner.
              Managers and admins review reported pastes and deletion requests from the admin panel; admins
              also manage accounts, roles and every paste there.
            </p>
            <p>
              Anyone can fork a public or unlisted paste into a new one of their own that links back to it; on
              their own paste a signed-in author finds Edit, its revisions and Request deletion instead of
              Report, and admins can delete any paste from its page. An edit adds a revision: the paste's link
              shows the newest, every revision keeps a link of its own, and any two can be compared line by
              line, unified or side by side.
            </p>
            <p>
              A Markdown paste (its language Markdown, or a title ending in .md), a CSV or TSV file and a
              Jupyter notebook (.ipynb) show rendered, with a Source / Rendered switch; a line link opens the
              source. Markdown has GitHub's tables, task lists, footnotes and highlighted code blocks; its
              HTML passes a strict allow-list, so no script, style or form from a paste reaches the page, and
              links carry rel="nofollow ugc noopener". Images from other sites are not loaded by the page (an
              image can tell its owner who read the paste): each shows as a link to it until the reader
              presses Load images, and then the site fetches them itself (PNG, JPEG, GIF, WebP or AVIF, up to
              5 MB, from public addresses only), so their host never sees the reader. A table shows its first
              10,000 rows under a header that stays in view, numbers right-aligned, sorted by a click on a
              column's name; a notebook shows its Markdown and code cells with their text and PNG outputs,
              never HTML ones. Raw and download stay the text as it was sent.
            </p>
            <p>
              The link of a public or unlisted paste brings its text in the page itself, so it shows before
              any script has loaded, and reads even with JavaScript turned off; password-protected and
              burn-after-reading pastes ask first, so a link preview never opens them. Dropped into a chat or
              a social post, the link of a public paste shows a picture of its title and first lines.
            </p>
            <p>
              A paste over 10 MB is offered as a download, and (unless it burns after reading) can also be
              read in the browser: View in browser fetches only the lines on screen, a few hundred at a time,
              with line numbers and line links, go to line, wrapping, and a search that runs on the server
              through the whole paste. Lines longer than 10,000 characters are cut there and marked; the
              download has them whole.
            </p>
            <p>
              A paste can be end-to-end encrypted: your browser encrypts its text and title (AES-256-GCM, a
              new random key for each paste) before anything is sent, and the key is put only in the link,
              after the # sign — browsers never send that part, so the server never has it. What the server
              and its operator still see: the encrypted bytes and their size, the times, the privacy, expiry
              and burn settings, the language you chose, and the addresses requests come from. Password,
              expiry and burn after reading work as for any paste, and so do highlighting, line links, raw
              view and download, all done in your browser. An encrypted paste over 10 MB can be read with View
              in browser too: one made on this site brings its table of lines, sealed with the same key, so
              your browser decrypts only the parts on screen; for one without it, your browser first reads it
              once, decrypting it as it arrives, to count its lines (once per tab). Either way it searches the
              paste itself. Losing the link loses the paste: nobody can open it without its key. An encrypted
              paste cannot be edited, forked or searched on the server, and it never appears on Top Views or
              in link previews.
            </p>
            <p>
              Encrypted pastes can still be moderated, with a reader's consent: whoever reports one may choose
              to share its key with the moderators. The key is then kept encrypted on the server, only
              managers and admins can use it to read that paste in their own browser, and it is deleted once
              the report is decided. Without a shared key, moderators see only that the paste is encrypted,
              and can still delete it. One limit to know: the page that encrypts is served by this site, so a
              site that was tampered with could serve code that leaks the key.
            </p>
            <p>
              Before a public paste is sent, your browser checks it for likely credentials — private keys,
              cloud keys, access tokens, passwords — and names each one with its line, so you can make the
              paste unlisted or password protected first; through the API, such a paste comes back with{' '}
              <code>secretsFound</code>, or is refused when you send <code>checkSecrets: true</code>.
            </p>
            <p>
              The moderators of a site may set content rules — phrases, link domains, patterns — that are
              checked against the title and the first 10 MB of public and unlisted pastes when they are
              created or edited. A paste that breaks one is refused, made unlisted, or held for review: until
              a moderator approves it, only its author and the moderators can read it. Password-protected and
              encrypted pastes are never checked.
            </p>
            <p>
              Where the operator connects a ClamAV scanner, every new paste but an end-to-end encrypted one is
              scanned for malware as it arrives, large uploads included (later edits are not). One found
              infected can be read by no one, its author included, and is deleted after seven days.
            </p>
          </CardContent>
        </Card>

        <section aria-labelledby="features-heading" className="space-y-4">
          <h2 id="features-heading" className="text-xl font-semibold tracking-tight">
            Features
          </h2>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {features.map(({ icon: Icon, title, text, tint }) => (
              <Card key={title} className="transition-colors hover:border-primary/40">
                <CardHeader>
                  <span className={`mb-2 grid size-10 place-items-center rounded-lg ${tint}`}>
                    <Icon aria-hidden className="size-5" />
                  </span>
                  <CardTitle className="text-base">{title}</CardTitle>
                  <CardDescription>{text}</CardDescription>
                </CardHeader>
              </Card>
            ))}
          </div>
        </section>

        <Card>
          <CardHeader>
            <CardTitle>Technology</CardTitle>
            <CardDescription>
              Built with open-source tools. It runs as a single process with an embedded SQLite database, and
              grows to many instances with PostgreSQL, Redis and a shared data folder or S3-compatible
              storage.
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-2">
            {TECHNOLOGIES.map(({ name }) => (
              <Badge key={name} variant="outline" className="px-3 py-1 text-sm">
                {name}
              </Badge>
            ))}
          </CardContent>
        </Card>
      </div>
    </Page>
  );
}
