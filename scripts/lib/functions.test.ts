import { describe, expect, it } from 'vitest';
import { findFunction, loadFunctions } from './functions.ts';

describe('function routing (config.path and config.method, as Netlify matches them)', () => {
  it('sends each path and method to exactly one function', async () => {
    const functions = await loadFunctions((file) => import(/* @vite-ignore */ file));
    const samples = functions.flatMap((f) =>
      f.patterns.flatMap((p) => [p.pathname.replace(/:\w+/g, '6801c2a4f1e2b3c4d5e6fd57'), p.pathname.replace(/:\w+/g, 'create')]),
    );
    for (const path of samples) {
      for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
        const owners = functions.filter(
          (f) => (!f.methods.length || f.methods.includes(method)) && f.patterns.some((p) => p.test({ pathname: path })),
        );
        expect(owners.length, `${method} ${path}: ${owners.map((f) => f.name).join(', ')}`).toBeLessThanOrEqual(1);
      }
    }
  });

  it("the admin's course create reaches the admin function; catalogue reads stay public", async () => {
    const functions = await loadFunctions((file) => import(/* @vite-ignore */ file));
    expect(findFunction(functions, '/api/v1/course/create', 'POST')?.name).toBe('courses-admin');
    expect(findFunction(functions, '/api/v1/course/6801c2a4f1e2b3c4d5e6fd57', 'GET')?.name).toBe('courses');
    expect(findFunction(functions, '/api/v1/course/courses', 'post')).toBeUndefined();
  });
});
