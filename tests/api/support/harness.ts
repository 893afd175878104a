/**
 * API test harness: a fresh migrated + seeded database per test file (embedded PGlite, or a new
 * database on TEST_DATABASE_URL's server), and `call()` which routes a real Request to the real
 * function module the way Netlify does (by each function's config.path).
 */
import { afterAll, beforeAll, expect } from 'vitest';
import postgres from 'postgres';
import { connect, migrate, seed, startEmbedded, type Database } from '../../../scripts/lib/database.ts';
import { findFunction, loadFunctions, type RoutedFunction } from '../../../scripts/lib/functions.ts';
import { closeDb, db, env, resetEnvForTests, hmacSha256Hex } from '../../../netlify/lib/platform/index.ts';
import { createAccount, login } from '../../../netlify/lib/accounts/index.ts';
import { build } from '../../support/factories.ts';

export const BASE_URL = 'http://localhost:8888';

let functions: RoutedFunction[] | undefined;

async function createServerDatabase(serverUrl: string): Promise<Database> {
  const name = `aspira_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    embedded: false,
    stop: async () => {
      const cleanup = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export type TestDatabase = { url: string; sql: postgres.Sql };

/**
 * Call at the top of a test file. Sets DATABASE_URL for the functions under test; `extraEnv`
 * sets more variables for this file (e.g. ADMIN_INVITE_CODE).
 */
export function useTestDatabase(extraEnv: Record<string, string> = {}): TestDatabase {
  const handle = {} as TestDatabase;
  let database: Database;
  beforeAll(async () => {
    const server = process.env.TEST_DATABASE_URL;
    database = server ? await createServerDatabase(server) : await startEmbedded();
    await migrate(database.url);
    await seed(database.url);
    Object.assign(process.env, { DATABASE_URL: database.url, LOG_LEVEL: 'silent', NODE_ENV: 'test' }, extraEnv);
    resetEnvForTests();
    handle.url = database.url;
    handle.sql = connect(database.url);
  });
  afterAll(async () => {
    await handle.sql?.end({ timeout: 5 });
    await closeDb();
    await database?.stop();
  });
  return handle;
}

export type CallOptions = {
  body?: unknown;
  rawBody?: BodyInit;
  headers?: Record<string, string>;
  ip?: string;
  token?: string;
  /** More of Netlify's context, e.g. { deploy: { context: 'deploy-preview' } }. */
  context?: Record<string, unknown>;
  /** false: a context without waitUntil (work queued for after the answer then runs before it). */
  waitUntil?: false;
};

/**
 * Sends a Request through the function that owns the path; JSON bodies are encoded for you.
 * The context has Netlify's `waitUntil`: `answeredMs` is when the answer was ready, and, as on
 * Netlify, the invocation ends (call() returns) once the work handed to waitUntil has settled.
 */
export async function call(
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<{ status: number; body: any; headers: Headers; text: string; answeredMs: number }> {
  const headers: Record<string, string> = { ...options.headers };
  let body: BodyInit | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  if (options.token) headers['authorization'] = `Bearer ${options.token}`;
  const ip = options.ip ?? '203.0.113.10';
  headers['x-nf-client-connection-ip'] = ip;
  const request = new Request(`${BASE_URL}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
  const pathname = new URL(request.url).pathname;
  // Vite's importer, so the functions share this file's module instances (db pool, env).
  functions ??= await loadFunctions((file) => import(/* @vite-ignore */ file));
  const target = findFunction(functions, pathname, method);
  if (!target) return { status: 404, body: undefined, headers: new Headers(), text: '', answeredMs: 0 };
  const background: Promise<unknown>[] = [];
  const waitUntil = (promise: Promise<unknown>) => void background.push(promise);
  const started = performance.now();
  const response = await target.handler(request, {
    ip,
    requestId: 'test',
    ...(options.waitUntil === false ? {} : { waitUntil }),
    ...options.context,
  });
  const text = await response.text();
  const answeredMs = performance.now() - started;
  await Promise.allSettled(background);
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: response.status, body: parsed, headers: response.headers, text, answeredMs };
}

/** Counts rows of a table (for "nothing was written" assertions). */
export async function count(db: TestDatabase, table: string): Promise<number> {
  const [row] = await db.sql.unsafe(`select count(*)::int as n from ${table}`);
  return (row as unknown as { n: number }).n;
}

export type TestLearner = { token: string; id: string; email: string; password: string; ip: string };
export type NewLearner = { email?: string; firstName?: string; lastName?: string; password?: string; ip?: string };

let learners = 0;

/**
 * A learner who signed up through the API, confirmed their email (buying needs a confirmed email)
 * and logged in: their bearer token, account id, email, password and the address they used.
 * Each call gets its own address (the signup limit counts per address). `extra` is passed to
 * every call (e.g. a deploy context).
 */
export async function signupVerifiedLearner(person: NewLearner = {}, extra: CallOptions = {}): Promise<TestLearner> {
  learners++;
  const email = (person.email ?? `learner.${process.pid}.${learners}@example.com`).toLowerCase();
  const password = person.password ?? 'learn2grow!';
  const ip = person.ip ?? `198.18.${Math.floor(learners / 250) % 250}.${(learners % 250) + 1}`;
  const body = build.signup({ firstName: person.firstName ?? `Learner${learners}`, lastName: person.lastName ?? 'Test', email, password });
  const signup = await call('POST', '/api/v1/user/signup', { ...extra, body, ip });
  expect(signup.status, signup.text).toBe(201);
  await confirmEmail(email);
  const login = await call('POST', '/api/v1/user/login', { ...extra, body: { email, password }, ip });
  expect(login.status, login.text).toBe(200);
  return { token: login.body.token as string, id: login.body.user._id as string, email, password, ip };
}

/** Marks an account's email as confirmed, as its verification link would (role: 'user' or 'admin'). */
export async function confirmEmail(email: string, role: 'user' | 'admin' = 'user'): Promise<void> {
  const rows = await db()`update accounts set email_verified_at = coalesce(email_verified_at, now())
    where role = ${role} and email = ${email.toLowerCase()} returning id`;
  expect(rows.length, `no ${role} account for ${email}`).toBe(1);
}

/** The token of the newest emailed link of this kind ('verify-email', 'reset-password') to `email`, or null. */
export async function emailedToken(email: string, tag: 'verify-email' | 'reset-password'): Promise<string | null> {
  const [row] = await db()<{ text_body: string }[]>`
    select text_body from email_outbox where to_address = ${email.toLowerCase()} and tag = ${tag} order by id desc limit 1`;
  return row?.text_body.match(/token=([\w-]{43})/)?.[1] ?? null;
}

/** A signed sandbox webhook for a payment of an order, as Razorpay would send it (payment.captured by default). */
export function sandboxWebhook(orderId: string, paymentId: string, amountPaise: number, eventId: string, event = 'payment.captured') {
  const status = event === 'payment.failed' ? 'failed' : 'captured';
  const raw = JSON.stringify({
    event,
    payload: { payment: { entity: { id: paymentId, order_id: orderId, status, amount: amountPaise, currency: 'INR' } } },
  });
  return call('POST', '/api/v1/payment/webhook', {
    rawBody: raw,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': hmacSha256Hex(env().SANDBOX_PAYMENT_SECRET, raw),
      'x-razorpay-event-id': eventId,
    },
  });
}

let accounts = 0;

/** A confirmed account made directly (learner, or admin with a role) and logged in from its own address. */
export async function testAccount(role: 'user' | 'admin', adminRole?: 'owner' | 'counsellor', tag = 'test') {
  accounts++;
  const email = `${tag}.${role}${adminRole ?? ''}${accounts}.${process.pid}@example.com`;
  const password = 'tests-are-fine-42';
  const created = await createAccount({
    role,
    email,
    password,
    firstName: `Asha${accounts}`,
    lastName: 'Rao',
    ...(adminRole ? { adminRole } : {}),
  });
  const ip = `198.51.${100 + Math.floor(accounts / 250)}.${(accounts % 250) + 1}`;
  const { token } = await login(role, email, password, ip);
  return { token, id: created.id, email };
}
