/**
 * Netlify's own CLI for the deploy verification, installed on demand (pinned) outside the
 * repository: it is ~350 MB that only this check needs, so `npm install` stays lean.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../lib/database.ts';

export const NETLIFY_CLI_VERSION = '27.10.2';
/**
 * npm 12 runs no install script a package.json has not allowed. The CLI works without all four
 * (esbuild and sharp load their prebuilt platform packages; unix-dgram is syslog, unused here; the
 * CLI's own script prints a welcome), so each is decided once, explicitly, and npm 11 ignores it.
 */
const CLI_INSTALL_SCRIPTS = { 'netlify-cli': false, esbuild: true, sharp: false, 'unix-dgram': false };
const CACHE_DIR = process.env.VERIFY_CACHE_DIR ?? join(homedir(), '.cache', 'aspira-verify');

/** The CLI binary, installed into the cache on first use. */
export function netlifyCli(log: (line: string) => void): string {
  const prefix = join(CACHE_DIR, `netlify-cli-${NETLIFY_CLI_VERSION}`);
  const bin = join(prefix, 'node_modules', '.bin', 'netlify');
  if (existsSync(bin)) return bin;
  log(`installing netlify-cli@${NETLIFY_CLI_VERSION} into ${prefix} (once)`);
  mkdirSync(prefix, { recursive: true });
  writeFileSync(join(prefix, 'package.json'), JSON.stringify({ private: true, allowScripts: CLI_INSTALL_SCRIPTS }, null, 2));
  const npm = spawnSync(
    'npm',
    ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', `netlify-cli@${NETLIFY_CLI_VERSION}`],
    { stdio: 'inherit' },
  );
  if (npm.status !== 0 || !existsSync(bin)) throw new Error(`could not install netlify-cli@${NETLIFY_CLI_VERSION}`);
  return bin;
}

/**
 * The project's Node 24, copied out of the repository. Netlify's file tracer packs a Node binary
 * that lives inside the project into every function bundle (+126 MB); on Netlify the build's Node
 * is outside the project, so bundles are measured the same way here.
 */
export function nodeOutsideRepo(): string {
  const source = join(ROOT, 'node_modules', 'node', 'bin', 'node');
  const dir = join(CACHE_DIR, 'node-bin');
  const target = join(dir, 'node');
  if (!existsSync(target) || statSync(target).size !== statSync(source).size) {
    mkdirSync(dir, { recursive: true });
    copyFileSync(source, target);
    chmodSync(target, 0o755);
  }
  return dir;
}

export type NetlifyServe = { url: string; output: () => string; stop: () => Promise<void> };

/** `netlify serve --offline`: Netlify's build (astro build + function bundling) and its router. */
export async function netlifyServe(options: { port: number; env: NodeJS.ProcessEnv; log: (line: string) => void }): Promise<NetlifyServe> {
  const cli = netlifyCli(options.log);
  const nodeDir = nodeOutsideRepo();
  const child: ChildProcess = spawn(
    cli,
    ['serve', '--offline', '--internal-disable-edge-functions', '--context', 'deploy-preview', '--port', String(options.port)],
    {
      cwd: ROOT,
      detached: true, // its own process group: stop() ends the static and function servers too
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...options.env, PATH: `${nodeDir}:${options.env.PATH ?? ''}`, BROWSER: 'none', NETLIFY_TELEMETRY_DISABLED: '1' },
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (child.exitCode !== null) return;
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      return;
    }
    await new Promise((done) => {
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          /* already gone */
        }
        done(undefined);
      }, 5_000);
      child.on('exit', () => {
        clearTimeout(timer);
        done(undefined);
      });
    });
  };
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`netlify serve did not start in 300 s:\n${output}`)), 300_000);
    const poll = setInterval(() => {
      const match = output.match(/Local dev server ready: (http:\/\/\S+)/);
      if (match?.[1]) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve(match[1].replace(/\u001b\[[0-9;]*m/g, ''));
      }
    }, 250);
    child.on('exit', (code) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`netlify serve exited (${code}):\n${output}`));
    });
  });
  return { url, output: () => output, stop };
}
