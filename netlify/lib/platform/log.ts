import { env } from './env.ts';

type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

/** Keys whose values never reach a log line: secrets and personal data. */
const SECRET_KEY = /otp|code|password|token|signature|secret|authorization|cookie|phone|number|card|email|name/i;

function redact(value: unknown, depth = 0): unknown {
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return { error: value.name, message: value.message };
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) && !/^(event|status|kind|bucket|route|method)$/i.test(key) ? '[redacted]' : redact(v, depth + 1);
  }
  return out;
}

function write(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  let threshold: Level | 'silent' = 'info';
  try {
    threshold = env().LOG_LEVEL;
  } catch {
    // Configuration errors are themselves logged; fall back to the default level.
  }
  if (order[level] < order[threshold]) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...(redact(fields) as object) });
  if (level === 'error' || level === 'warn') console.error(line);
  else console.log(line);
}

/** Structured JSON logs. Fields named like secrets or personal data are replaced by "[redacted]". */
export const log = {
  debug: (message: string, fields?: Record<string, unknown>) => write('debug', message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('error', message, fields),
};
