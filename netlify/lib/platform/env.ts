import { z } from 'zod';

/**
 * Every environment variable the server reads, checked once at start.
 * `.env.example` documents each one; keep the two in step.
 *
 * Fail closed: only a local run may fall back to the sandbox gateway, the console mailer and the
 * development JWT secret. Netlify gives functions no CONTEXT variable at run time (only URL,
 * SITE_NAME and SITE_ID), so a deployment is recognised by SITE_ID or by the deploy context of
 * the request (`context.deploy.context`, passed in by http.ts `routes()`).
 */
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** Netlify's deploy context: "production", "deploy-preview", "branch-deploy", a branch name, or "dev" (netlify dev). */
  CONTEXT: optionalString,
  /** Set by Netlify on every deployed function (never locally). */
  SITE_ID: optionalString,
  /** Netlify's main address of the site, available to functions at run time. */
  URL: optionalString,
  /** Overrides the mode the deploy context implies. NODE_ENV is not used for this: build tools
   *  set it to production on every build. */
  APP_ENV: z.enum(['production', 'staging', 'development', 'test']).optional(),
  SITE_URL: optionalString.pipe(z.string().url('SITE_URL must be an absolute URL').optional()),
  DATABASE_URL: z.string().min(1, 'DATABASE_URL is required'),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(20).default(4),
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
  /** The password of Postmark's bounce webhook (basic auth, or `?secret=` in its URL); unset = the webhook refuses every call. */
  POSTMARK_WEBHOOK_SECRET: optionalString.pipe(z.string().min(24, 'POSTMARK_WEBHOOK_SECRET must be 24+ characters').optional()),
  /** Sentry's DSN for unhandled errors (personal data scrubbed); unset = the function logs only. */
  SENTRY_DSN: optionalString.pipe(z.string().url('SENTRY_DSN must be a URL').optional()),
  /** The environment name errors are filed under; default: the mode (production, staging ...). */
  SENTRY_ENVIRONMENT: optionalString,
  MAIL_FROM: z.string().min(3).default('Aspira <hello@aspira.example>'),
  TEAM_EMAIL: z.string().email().default('team@aspira.example'),
  /** The contacts a lead's confirmation email gives (keep equal to src/content/site.yaml). */
  SUPPORT_EMAIL: z.string().email().default('hello@aspira.education'),
  SUPPORT_PHONE: z.string().min(5).max(30).default('+91 98100 42424'),
  /** Lead forms (contact, scholarship, pitch): submissions allowed per IP per endpoint per 10 minutes. */
  LEAD_RATE_LIMIT_PER_10_MIN: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Learner and admin signups allowed per IP per hour (per email address it stays 5 an hour). */
  SIGNUP_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
  RAZORPAY_KEY_ID: optionalString,
  RAZORPAY_KEY_SECRET: optionalString,
  RAZORPAY_WEBHOOK_SECRET: optionalString,
  SANDBOX_PAYMENT_SECRET: z.string().min(16).default('sandbox-secret-only-for-local-use'),
  CUSTOM_AMOUNT_CAP_RUPEES: z.coerce.number().int().min(1).default(500_000),
  ADMIN_INVITE_CODE: optionalString,
  /** WhatsApp Cloud API (docs/whatsapp.md): all four set = real messages; none on a local run = the sandbox. */
  WHATSAPP_PHONE_NUMBER_ID: optionalString,
  WHATSAPP_ACCESS_TOKEN: optionalString,
  /** The Meta app's secret: X-Hub-Signature-256 of each webhook is checked with it. */
  WHATSAPP_APP_SECRET: optionalString,
  /** Any random string, typed into Meta's webhook setup too: the subscription GET must echo it. */
  WHATSAPP_VERIFY_TOKEN: optionalString,
  /** The WhatsApp Business Account id: its approved templates are read from it. */
  WHATSAPP_BUSINESS_ACCOUNT_ID: optionalString,
  /** Graph API version (Meta retires each about two years on: messaging/whatsapp/graph-version.ts warns) and host; only tests point the host elsewhere. */
  WHATSAPP_GRAPH_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/)
    .default('v25.0'),
  WHATSAPP_GRAPH_HOST: z.string().url().default('https://graph.facebook.com'),
  /** Templates the local sandbox reports approved (comma-separated names; default: all in code). */
  WHATSAPP_SANDBOX_APPROVED: optionalString,
  /** Zoom for live classes (docs/zoom.md): a Server-to-Server OAuth app's three keys and the webhook secret token; all four or none (none on a local run = the sandbox). */
  ZOOM_ACCOUNT_ID: optionalString,
  ZOOM_CLIENT_ID: optionalString,
  ZOOM_CLIENT_SECRET: optionalString,
  ZOOM_WEBHOOK_SECRET_TOKEN: optionalString,
  SUPABASE_URL: optionalString,
  SUPABASE_SERVICE_ROLE_KEY: optionalString,
  SUPABASE_STORAGE_BUCKET: z.string().default('course-images'),
  /** Applicants' documents: Supabase Storage's address and service key (default: SUPABASE_URL and its key). */
  DOCUMENTS_STORAGE_URL: optionalString.pipe(z.string().url('DOCUMENTS_STORAGE_URL must be a URL').optional()),
  DOCUMENTS_STORAGE_KEY: optionalString,
  /** The private bucket applicants' documents live in. */
  DOCUMENTS_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9._-]{2,62}$/, 'DOCUMENTS_BUCKET must be a bucket name')
    .default('applicant-documents'),
  NETLIFY_BUILD_HOOK_URL: optionalString,
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
});

type Parsed = z.infer<typeof schema>;
export type AppEnv = 'production' | 'staging' | 'development' | 'test';

export type Env = Omit<Parsed, 'SITE_URL'> & {
  SITE_URL: string;
  appEnv: AppEnv;
  isProduction: boolean;
  /** A local run (or APP_ENV=development/test): the only place development fallbacks are allowed. */
  isLocal: boolean;
  jwtSecret: Uint8Array;
};

/** A deployment whose configuration is incomplete: functions answer 503 until it is fixed. */
export class ConfigurationError extends Error {
  override name = 'ConfigurationError';
}

const DEV_JWT_SECRET = 'local-development-secret-not-for-production-use';
const LOCAL_SITE_URL = 'http://localhost:8888';

/** Which mode a set of variables (and the request's deploy context, if known) means. */
export function resolveAppEnv(value: Pick<Parsed, 'APP_ENV' | 'CONTEXT' | 'SITE_ID'>, deployContext?: string): AppEnv {
  const context = value.CONTEXT ?? deployContext;
  if (value.APP_ENV) {
    if (context === 'production' && value.APP_ENV !== 'production') {
      throw new ConfigurationError(`APP_ENV=${value.APP_ENV} on Netlify's production context: refusing to start`);
    }
    return value.APP_ENV;
  }
  if (context === 'production') return 'production';
  if (context === 'dev') return 'development';
  if (context || value.SITE_ID) return 'staging';
  return 'development';
}

/** Checks a set of variables; throws ConfigurationError naming what is missing (never a value). */
export function loadEnv(source: Record<string, string | undefined>, deployContext?: string): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigurationError(`Invalid configuration: ${fields}`);
  }
  const value = parsed.data;
  const appEnv = resolveAppEnv(value, deployContext);
  const isProduction = appEnv === 'production';
  const isLocal = appEnv === 'development' || appEnv === 'test';
  checkSanity(value, isProduction, isLocal);
  const siteUrl = value.SITE_URL ?? (isLocal ? LOCAL_SITE_URL : value.URL);
  if (!siteUrl) throw new ConfigurationError('SITE_URL must be set outside a local run');
  return {
    ...value,
    SITE_URL: siteUrl,
    appEnv,
    isProduction,
    isLocal,
    jwtSecret: new TextEncoder().encode(value.JWT_SECRET ?? DEV_JWT_SECRET),
  };
}

/** Refuse configurations that would take or fake real money, or sign sessions, in the wrong place. */
function checkSanity(value: Parsed, isProduction: boolean, isLocal: boolean): void {
  const key = value.RAZORPAY_KEY_ID;
  if (key && !value.RAZORPAY_KEY_SECRET) throw new ConfigurationError('RAZORPAY_KEY_SECRET must be set with RAZORPAY_KEY_ID');
  if (key?.startsWith('rzp_live_') && !isProduction) {
    throw new ConfigurationError('A live Razorpay key is configured outside production: refusing to start');
  }
  const whatsapp = [value.WHATSAPP_PHONE_NUMBER_ID, value.WHATSAPP_ACCESS_TOKEN, value.WHATSAPP_APP_SECRET, value.WHATSAPP_VERIFY_TOKEN];
  if (whatsapp.some(Boolean) && !whatsapp.every(Boolean)) {
    throw new ConfigurationError(
      'WhatsApp needs all of WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_ACCESS_TOKEN, WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN, or none',
    );
  }
  const zoom = [value.ZOOM_ACCOUNT_ID, value.ZOOM_CLIENT_ID, value.ZOOM_CLIENT_SECRET, value.ZOOM_WEBHOOK_SECRET_TOKEN];
  if (zoom.some(Boolean) && !zoom.every(Boolean)) {
    throw new ConfigurationError(
      'Zoom needs all of ZOOM_ACCOUNT_ID, ZOOM_CLIENT_ID, ZOOM_CLIENT_SECRET and ZOOM_WEBHOOK_SECRET_TOKEN, or none',
    );
  }
  if (!isLocal) {
    if (!value.JWT_SECRET || value.JWT_SECRET.length < 32 || value.JWT_SECRET === DEV_JWT_SECRET) {
      throw new ConfigurationError('JWT_SECRET (32+ random characters) must be set outside a local run');
    }
  }
  if (isProduction) {
    if (!key?.startsWith('rzp_live_')) throw new ConfigurationError('Production needs a live Razorpay key (rzp_live_...)');
    if (!value.RAZORPAY_WEBHOOK_SECRET) throw new ConfigurationError('Production needs RAZORPAY_WEBHOOK_SECRET');
    if (!value.POSTMARK_SERVER_TOKEN) throw new ConfigurationError('Production needs POSTMARK_SERVER_TOKEN');
    if (!value.SITE_URL?.startsWith('https://')) throw new ConfigurationError('Production needs SITE_URL (https://...)');
  }
}

let cached: Env | undefined;
let runtimeContext: string | undefined;

export function env(): Env {
  cached ??= loadEnv(process.env, runtimeContext);
  return cached;
}

/** The deploy context Netlify gives each request (`context.deploy.context`); http.ts passes it in. */
export function useDeployContext(context: string | undefined): void {
  if (!context || context === runtimeContext) return;
  runtimeContext = context;
  cached = undefined;
}

/** Tests change variables between cases; this forgets the checked copy. */
export function resetEnvForTests(): void {
  cached = undefined;
  runtimeContext = undefined;
}
