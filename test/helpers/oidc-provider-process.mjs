// A real OpenID provider for the tests, as its own process: the certified `oidc-provider` package
// on a loopback port, with two static clients, a login page that checks passwords, and accounts
// (with their groups) read from a JSON file at every sign-in, so a test changes them by rewriting it.
//   node oidc-provider-process.mjs PORT USERS_FILE
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import Provider from 'oidc-provider';

const [port, usersFile] = process.argv.slice(2);
const issuer = `http://127.0.0.1:${port}`;
const users = () => JSON.parse(fs.readFileSync(usersFile, 'utf8'));
const key = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

const client = (id, secret) => ({
  client_id: id,
  client_secret: secret,
  // Checked by the override below: the test servers' ports are not known in advance.
  redirect_uris: ['http://127.0.0.1/api/auth/oidc/x/callback'],
  post_logout_redirect_uris: ['http://127.0.0.1/'],
  grant_types: ['authorization_code'],
  response_types: ['code'],
});

const provider = new Provider(issuer, {
  clients: [client('pasteshare', 'pasteshare-secret'), client('pasteshare-panel', 'panel-secret')],
  jwks: { keys: [{ ...key, kid: 'test-key', use: 'sig', alg: 'RS256' }] },
  cookies: { keys: ['oidc-test-cookie-key'] },
  pkce: { methods: ['S256'], required: () => true },
  scopes: ['openid', 'email', 'profile', 'groups', 'offline_access'],
  claims: {
    openid: ['sub'],
    email: ['email', 'email_verified'],
    profile: ['name', 'preferred_username'],
    groups: ['groups'],
  },
  // One minute: a test moves the relying party's clock past it to see an expired ID token refused.
  ttl: { IdToken: 60, AccessToken: 600, AuthorizationCode: 60, Interaction: 600, Session: 3600, Grant: 3600 },
  features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  // First-party clients: no consent screen, only the login page.
  async loadExistingGrant(ctx) {
    const accountId = ctx.oidc.session?.accountId;
    if (!accountId) return undefined;
    const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId });
    grant.addOIDCScope('openid email profile groups');
    await grant.save();
    return grant;
  },
  async findAccount(_ctx, sub) {
    const user = users()[sub];
    if (!user) return undefined;
    return { accountId: sub, claims: async () => ({ sub, ...user.claims }) };
  },
});
provider.Client.prototype.redirectUriAllowed = (uri) =>
  /^http:\/\/127\.0\.0\.1:\d+\/api\/auth\/oidc\/[a-z0-9-]+\/callback$/.test(uri);
provider.Client.prototype.postLogoutRedirectUriAllowed = (uri) => /^http:\/\/127\.0\.0\.1:\d+\/$/.test(uri);

const escapeHtml = (s) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function loginPage(res, uid, problem) {
  res.writeHead(problem ? 401 : 200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width">
<title>Test Identity Provider</title></head>
<body style="font-family:sans-serif;max-width:22rem;margin:3rem auto">
<h1>Test Identity Provider</h1>${problem ? `<p role="alert">${escapeHtml(problem)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}">
<label>Login <input name="login" autocomplete="username"></label><br><br>
<label>Password <input name="password" type="password" autocomplete="current-password"></label><br><br>
<button type="submit">Sign in</button></form></body></html>`);
}

async function readForm(req) {
  let body = '';
  for await (const chunk of req) body += chunk;
  return new URLSearchParams(body);
}

const callback = provider.callback();
const server = http.createServer(async (req, res) => {
  const uid = /^\/interaction\/([^/?]+)/.exec(req.url ?? '')?.[1];
  if (!uid) return callback(req, res);
  try {
    await provider.interactionDetails(req, res);
    if (req.method !== 'POST') return loginPage(res, uid, '');
    const form = await readForm(req);
    const login = form.get('login') ?? '';
    const user = users()[login];
    if (!user || user.password !== form.get('password'))
      return loginPage(res, uid, 'Invalid login or password');
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: login } },
      { mergeWithLastSubmission: false },
    );
  } catch (e) {
    res.writeHead(400, { 'content-type': 'text/plain' });
    res.end(String(e));
  }
});
server.listen(Number(port), '127.0.0.1', () => console.log(`listening ${issuer}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
