// An end-to-end encrypted paste made and read through the API with the module the browser runs.
// From the repository root: node --import tsx docs/examples/encrypted-paste.ts http://localhost:3000
import {
  exportKeyText,
  fromBase64,
  generateKey,
  importKeyText,
  openText,
  openTitle,
  sealText,
  sealTitle,
  toBase64,
} from '../../src/common/paste-crypto/index.js';

const site = process.argv[2] ?? 'http://localhost:3000';

// Make one: a new key, the text and the title sealed with it; the server gets only what is sealed.
const key = await generateKey();
const created = await fetch(`${site}/api/pastes`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    encrypted: true,
    sealedTitle: await sealTitle(key, 'notes'),
    content: toBase64(await sealText(key, 'the secret text')),
    expiration: '1d',
  }),
});
if (created.status !== 201) throw new Error(`the site answered ${created.status}: ${await created.text()}`);
const { id } = (await created.json()) as { id: string };
const link = `${site}/paste/${id}#${await exportKeyText(key)}`;
console.log(link);

// Read it: the key from the link's fragment (never sent), the sealed parts from the paste's view.
const readKey = await importKeyText(new URL(link).hash.slice(1));
if (!readKey) throw new Error('the link carries no key');
const view = (await (await fetch(`${site}/api/pastes/${id}`)).json()) as {
  sealedTitle: string;
  content: string;
};
console.log(await openTitle(readKey, view.sealedTitle));
console.log(await openText(readKey, fromBase64(view.content)));
