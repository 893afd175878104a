/**
 * zod tries eval() once, when its first schema is made, to speed up parsing; the editor's CSP
 * refuses eval and reports the attempt. Imported before any module that makes a schema.
 */
import { z } from 'astro/zod';

z.config({ jitless: true });
