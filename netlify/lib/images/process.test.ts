import { describe, expect, it } from 'vitest';
import { readMultipart } from './process.ts';

function multipart(parts: [name: string, value: string | File][]): Request {
  const form = new FormData();
  for (const [name, value] of parts) form.append(name, value);
  return new Request('http://localhost/upload', { method: 'POST', body: form });
}

describe('readMultipart', () => {
  it('keeps fields named like inherited properties as ordinary fields, and refuses a repeated one', async () => {
    const file = new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' });
    const { fields, files } = await readMultipart(
      multipart([
        ['constructor', 'x'],
        ['__proto__', 'y'],
        ['title', 'Data Analytics'],
        ['toString', file],
      ]),
    );
    expect(Object.keys(fields)).toEqual(['constructor', '__proto__', 'title']);
    expect(fields['constructor']).toBe('x');
    expect(Object.keys(files)).toEqual(['toString']);
    await expect(
      readMultipart(
        multipart([
          ['title', 'a'],
          ['title', 'b'],
        ]),
      ),
    ).rejects.toMatchObject({
      status: 400,
      errors: ['title: Send this field once'],
    });
  });
});
