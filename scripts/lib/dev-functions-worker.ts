/**
 * One generation of the `npm run dev` API (see dev-functions.ts): the local production server,
 * of which dev uses the functions and the Storage stand-in. Exits when told to, so the parent can
 * start the next generation with the edited code.
 */
import { startSiteServer } from './site-server.ts';

const site = await startSiteServer({
  port: Number(process.env.PORT),
  quiet: true,
  functionsOnly: true,
  functionsDir: process.env.DEV_FUNCTIONS_DIR || undefined,
});
console.log('functions ready');
const stop = () => void site.stop().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
