/** The commands besides pasting files, in the order the help lists them. */
export const COMMANDS = ['edit', 'revisions', 'get', 'ls', 'rm', 'whoami', 'config', 'help'] as const;
export type Command = (typeof COMMANDS)[number] | 'create';

export const COMMAND_LIST = `${COMMANDS.slice(0, -1).join(', ')} and ${COMMANDS.at(-1)}`;

/** `pasteshare [COMMAND] --help`, and `pasteshare help [COMMAND]`. */
export const HELP: Record<Command, string> = {
  create: `Usage: pasteshare [options] [FILE...]

Pastes each FILE (or standard input when none) and prints each paste's link, one per line.
Files over 50 MB go up in chunks (an API key is needed) and resume where an interrupted run
stopped when run again with the same file.

Options:
  --title TEXT          title (default: the file's name)
  --expire WHEN         1h, 1d, 1w, 1m, 3m, 6m, never or burn (read once); default: the site's (1d)
  --unlisted            not listed on the site; only people with the link can open it
  --password[=VALUE]    protect it with a password (asked on the terminal when no value is given)
  --e2e                 end-to-end encrypted: sealed here under a new key that only the printed
                        link carries (after its #); the site stores ciphertext it cannot read
  --language ID         highlighting, a highlight.js id such as python or bash (default: detected)
  --chunk-size SIZE     chunk size for chunked uploads, 5M to 100M (default 40M)
  --allow-secrets       publish a public paste even if it looks like it contains credentials
                        (otherwise asked on a terminal, refused with exit code 3 without one)
  --json                print the site's whole answer as JSON instead of the link
  --quiet               print nothing on success
  --url URL, --key KEY  the site and API key or access token (pb_… or pst_…; or PASTESHARE_URL,
                        PASTESHARE_API_KEY, the config file)

Commands: ${COMMAND_LIST} (pasteshare COMMAND --help).
Exit codes: 0 ok, 1 usage or configuration, 2 server or network, 3 refused by a check.`,
  edit: `Usage: pasteshare edit LINK|ID [FILE|-] [--title TEXT] [--language ID]

Replaces your paste's text with FILE's (or standard input's, when FILE is - or absent) as a new
revision, and prints the paste's link and "revision N" — or "nothing changed" when the text, title
and language were already those. Needs the API key of the paste's author. Privacy, password and
expiry stay the paste's; every earlier revision keeps its own link (pasteshare revisions).

Options:
  --title TEXT          new title (default: kept)
  --language ID         new highlighting, a highlight.js id or plaintext (default: kept)
  --allow-secrets       save a public paste's new text even if it looks like it contains
                        credentials (otherwise asked on a terminal, refused with exit code 3 without one)
  --json                print the site's answer as JSON (id, url, revision, changed, secretsFound)
  --quiet               print nothing on success`,
  revisions: `Usage: pasteshare revisions LINK|ID [--password[=VALUE]] [--json]

Lists the paste's revisions, oldest first: number, time (UTC), size, lines added and removed
against the revision before, title. pasteshare get LINK --revision N prints one of them. A
password paste asks for its password as get does.`,
  get: `Usage: pasteshare get LINK|ID [--revision N] [--password[=VALUE]]

Prints the paste's content as stored (raw bytes: it pipes): its newest revision, or revision N with
--revision N (-r N; a revision's link, …/paste/ID/r/N, does the same). A password paste asks for
its password on the terminal unless --password=VALUE is given. An end-to-end encrypted paste is
decrypted here with the key in the link's #fragment, and printed only once all of it has opened.
A bare ID needs --url or PASTESHARE_URL.`,
  ls: `Usage: pasteshare ls [--search TEXT] [--page N] [--json]

Lists your pastes (the API key's account), newest first: id, date, privacy, views, size, title.`,
  rm: `Usage: pasteshare rm LINK|ID [--reason TEXT]

With an admin's API key, deletes the paste. With anyone else's, asks the site's moderators to
delete it (a deletion request, which needs --reason TEXT: they read it).`,
  whoami: `Usage: pasteshare whoami [--json]

Prints the account the API key belongs to, and the site.`,
  config: `Usage: pasteshare config [--url URL] [--key KEY]

Saves the site and API key in the config file (readable by you only, mode 0600) and checks them:
"signed in as NAME (ROLE)", or a warning when the site cannot be reached, is not a pasteshare
site, redirects, or refuses the key (saved all the same). Without options, prints where that
file is and what it holds (never the key itself).`,
  help: `Usage: pasteshare help [COMMAND]

Prints the help of a command, or of pasting.`,
};
