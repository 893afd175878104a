/**
 * The API for `npm run dev`: the same in-process function runner as `npm start` (site-server.ts),
 * in a child process that is started again whenever a file under netlify/ or src/shared/ changes,
 * so the next request runs the edited code. Requests that arrive while it restarts wait for it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import { ROOT, freePort } from './database.ts';

const WORKER = join(ROOT, 'scripts', 'lib', 'dev-functions-worker.ts');
const WATCHED = [join(ROOT, 'netlify'), join(ROOT, 'src', 'shared')];
const FUNCTIONS_DIR = join(ROOT, 'netlify', 'functions');
const SOURCE = /\.(m?ts|m?js|json|sql)$/;

export type DevFunctions = {
  /** The worker's address once it is ready (waits while it starts or restarts). */
  address: () => Promise<string>;
  /** Restarts the worker now (what a watched change does). */
  restart: () => void;
  stop: () => Promise<void>;
};

export async function startDevFunctions({
  env = process.env,
  onRestart = () => {},
  functionsDir = FUNCTIONS_DIR,
  watched = WATCHED,
}: {
  env?: NodeJS.ProcessEnv;
  onRestart?: (file: string) => void;
  /** Another folder of functions and what to watch (tests). */
  functionsDir?: string;
  watched?: string[];
} = {}): Promise<DevFunctions> {
  let child: ChildProcess | null = null;
  let ready: Promise<string> = Promise.resolve('');
  let stopped = false;

  const launch = () => {
    const previous = child;
    previous?.kill('SIGTERM');
    ready = (async () => {
      if (previous && previous.exitCode === null) await new Promise((done) => previous.once('exit', done));
      const port = await freePort();
      const worker = spawn(process.execPath, [WORKER], {
        env: { ...env, PORT: String(port), DEV_FUNCTIONS_DIR: functionsDir },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      child = worker;
      return await new Promise<string>((ok, fail) => {
        worker.stdout!.on('data', (chunk: Buffer) => {
          const text = chunk.toString();
          if (text.includes('functions ready')) ok(`http://127.0.0.1:${port}`);
          const rest = text.replace(/^functions ready\n/m, '');
          if (rest) process.stdout.write(rest);
        });
        worker.once('exit', (code) => fail(new Error(`the functions stopped (exit ${code}); fix the error above and save again`)));
      });
    })();
    const generation = ready;
    generation.catch((error: Error) => {
      if (generation === ready) console.error(`functions: ${error.message}`);
    });
  };

  /** The newest generation's address; a generation replaced while it started is not an error. */
  const address = async (): Promise<string> => {
    for (;;) {
      const generation = ready;
      try {
        return await generation;
      } catch (error) {
        if (generation === ready) throw error;
      }
    }
  };

  // A save is seen at once: requests from then on wait for the generation that has the edit.
  let timer: NodeJS.Timeout | undefined;
  let pending: { resolve: (address: Promise<string>) => void } | null = null;
  const watchers: FSWatcher[] = watched.map((dir) =>
    watch(dir, { recursive: true }, (_event, file) => {
      if (!file || !SOURCE.test(file) || stopped) return;
      if (!pending) {
        const waiting = new Promise<string>((resolve) => (pending = { resolve: (next) => resolve(next) }));
        ready = waiting;
      }
      clearTimeout(timer);
      timer = setTimeout(() => {
        const waiter = pending!;
        pending = null;
        onRestart(file);
        launch();
        waiter.resolve(ready);
      }, 100);
    }),
  );

  launch();
  await address();
  return {
    address,
    restart: launch,
    stop: async () => {
      stopped = true;
      watchers.forEach((w) => w.close());
      const last = child;
      if (last && last.exitCode === null) {
        last.kill('SIGTERM');
        await new Promise((done) => last.once('exit', done));
      }
    },
  };
}
