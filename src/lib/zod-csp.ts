/**
 * Our CSP forbids eval: zod must not even probe for it (a caught `new Function` still counts as a
 * violation). Imported by the form kit (useForm), so it runs before any form parses. zod/mini
 * never compiles its checks; a screen that still parses with zod's classic schemas would.
 */
import { config } from 'zod/mini';

config({ jitless: true });
