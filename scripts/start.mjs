// `npm start`: build the web app and the server if missing or stale, then run the compiled server
// (migrations run at its start).
import { pathToFileURL } from 'node:url';
import { buildServer, SERVER_ENTRY } from './server-build.mjs';
import { buildWeb } from './web-build.mjs';

if (process.env.WEB_AUTOBUILD !== 'false') buildWeb();
await buildServer();
// Stack traces in the log point at the TypeScript sources.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(SERVER_ENTRY).href);
