import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render';
import { ApiError } from './api-client';
import { useToast } from './toast';

function Probe({ run }: { run: (toast: ReturnType<typeof useToast>) => void }) {
  const toast = useToast();
  return (
    <button type="button" onClick={() => run(toast)}>
      go
    </button>
  );
}

describe('useToast (the one way to toast)', () => {
  it('shows a string as is, a failed call by its server message, else the fallback, else the common error title', async () => {
    renderWithApp(
      <Probe
        run={(toast) => {
          toast.success('Saved');
          toast.error('Plain words');
          toast.error(new ApiError(403, { code: 'FORBIDDEN', message: 'Instructors only' }), 'fallback unused');
          toast.error(new Error('network'), 'Could not save');
          toast.error(new ApiError(0, {}));
        }}
      />,
    );
    screen.getByRole('button', { name: 'go' }).click();
    for (const text of ['Saved', 'Plain words', 'Instructors only', 'Could not save', 'Something went wrong'])
      expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByText('fallback unused')).toBeNull();
  });

  it('is the only toast: no component reaches antd message itself', () => {
    const src = path.resolve(import.meta.dirname, '..');
    const files = (function walk(dir: string): string[] {
      return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? walk(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : [],
      );
    })(src);
    const direct = files
      .filter((f) => !f.endsWith(`${path.sep}lib${path.sep}toast.ts`))
      .filter((f) =>
        /\{[^}]*\bmessage\b[^}]*\}\s*=\s*App\.useApp\(\)|message\.useMessage\(|import \{[^}]*\bmessage\b[^}]*\} from 'antd'/.test(readFileSync(f, 'utf8')),
      );
    expect(direct.map((f) => path.relative(src, f))).toEqual([]);
    expect(files.length).toBeGreaterThan(50);
  });
});
