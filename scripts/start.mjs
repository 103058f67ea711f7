// `npm start`: build the web app if needed, then run the server (migrations run at its start).
import { register } from 'tsx/esm/api';
import { buildWeb } from './web-build.mjs';

if (process.env.WEB_AUTOBUILD !== 'false') buildWeb();
register();
await import('../src/server/main.ts');
