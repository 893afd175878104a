import { z } from 'zod';

/**
 * Every environment variable the server reads, checked once at start.
 * `.env.example` documents each one; keep the two in step.
 */
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** Netlify's deploy context: "production", "deploy-preview", "branch-deploy" or "dev". */
  CONTEXT: optionalString,
  /** "production" turns on the production checks; defaults from CONTEXT. NODE_ENV is not used for
   *  this: build tools set it to production on every build. */
  APP_ENV: z.enum(['production', 'staging', 'development', 'test']).optional(),
  SITE_URL: z.string().url().default('http://localhost:8888'),
  DATABASE_URL: z.string().min(1, 'DATABASE_URL is required'),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(20).default(4),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
  JWT_SECRET: optionalString,
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24 * 7),
  POSTMARK_SERVER_TOKEN: optionalString,
  /** Host of the Postmark API; only tests point it elsewhere. */
  POSTMARK_API_HOST: optionalString,
  MAIL_FROM: z.string().min(3).default('Aspira <hello@aspira.example>'),
  TEAM_EMAIL: z.string().email().default('team@aspira.example'),
  /** The contacts a lead's confirmation email gives (keep equal to src/content/site.yaml). */
  SUPPORT_EMAIL: z.string().email().default('hello@aspira.education'),
  SUPPORT_PHONE: z.string().min(5).max(30).default('+91 98100 42424'),
  /** Lead forms (contact, scholarship, pitch): submissions allowed per IP per endpoint per 10 minutes. */
  LEAD_RATE_LIMIT_PER_10_MIN: z.coerce.number().int().min(1).max(100_000).default(10),
  RAZORPAY_KEY_ID: optionalString,
  RAZORPAY_KEY_SECRET: optionalString,
  RAZORPAY_WEBHOOK_SECRET: optionalString,
  SANDBOX_PAYMENT_SECRET: z.string().min(16).default('sandbox-secret-only-for-local-use'),
  CUSTOM_AMOUNT_CAP_RUPEES: z.coerce.number().int().min(1).default(500_000),
  ADMIN_INVITE_CODE: optionalString,
  SUPABASE_URL: optionalString,
  SUPABASE_SERVICE_ROLE_KEY: optionalString,
  SUPABASE_STORAGE_BUCKET: z.string().default('course-images'),
  NETLIFY_BUILD_HOOK_URL: optionalString,
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
});

export type Env = z.infer<typeof schema> & { isProduction: boolean; jwtSecret: Uint8Array };

const DEV_JWT_SECRET = 'local-development-secret-not-for-production-use';
let cached: Env | undefined;

export function env(): Env {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${fields}`);
  }
  const value = parsed.data;
  const isProduction = (value.APP_ENV ?? (value.CONTEXT === 'production' ? 'production' : 'development')) === 'production';
  checkSanity(value, isProduction);
  cached = {
    ...value,
    isProduction,
    jwtSecret: new TextEncoder().encode(value.JWT_SECRET ?? DEV_JWT_SECRET),
  };
  return cached;
}

/** Refuse configurations that would take or fake real money in the wrong place. */
function checkSanity(value: z.infer<typeof schema>, isProduction: boolean): void {
  const key = value.RAZORPAY_KEY_ID;
  if (key && !value.RAZORPAY_KEY_SECRET) throw new Error('RAZORPAY_KEY_SECRET must be set with RAZORPAY_KEY_ID');
  if (key?.startsWith('rzp_live_') && !isProduction) {
    throw new Error('A live Razorpay key is configured outside production: refusing to start');
  }
  if (isProduction) {
    if (!key?.startsWith('rzp_live_')) throw new Error('Production needs a live Razorpay key (rzp_live_...)');
    if (!value.RAZORPAY_WEBHOOK_SECRET) throw new Error('Production needs RAZORPAY_WEBHOOK_SECRET');
    if (!value.JWT_SECRET || value.JWT_SECRET.length < 32) throw new Error('Production needs JWT_SECRET (32+ characters)');
    if (!value.POSTMARK_SERVER_TOKEN) throw new Error('Production needs POSTMARK_SERVER_TOKEN');
  }
}

/** Tests change variables between cases; this forgets the checked copy. */
export function resetEnvForTests(): void {
  cached = undefined;
}
