/**
 * The folders of `src/` import one way: from the pass at the top, through the work on one lead,
 * down to the shared context, ports and account rules. This de-risks the structure itself: a
 * function that two folders need sits below both, so no folder reaches back up for it, and a
 * change low down never has to know the code above it. The checks read the import lines of every
 * file in the folders, tests included.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every folder of `src/`, top to bottom: a folder imports only folders listed after it. The files
 * at the root of `src/` (the process: `main.ts`, `runner-process.ts`, ...) are above them all.
 * The README's "Layout" section lists the same order.
 */
const FOLDERS_TOP_DOWN = [
  // The pass.
  'runner',
  'loop',
  // What operators see of the work: its metrics and traces.
  'telemetry',
  // The work on one lead, and on the other items a pass takes.
  'leads',
  'steps',
  'outgoing',
  'events',
  'completion',
  'imports',
  'step-run',
  'screener',
  // Shared by all: account rules, the context, network failures, the store port.
  'accounts',
  'context',
  'network-failures',
  'store',
] as const;

const SRC = fileURLToPath(new URL('.', import.meta.url));
const ROOT = '(src root)';

/** The relative specifiers a module's source imports or re-exports, static or dynamic. */
function relativeImports(source: string): string[] {
  return [...source.matchAll(/\b(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].flatMap((match) =>
    match[1] === undefined ? [] : [match[1]],
  );
}

interface FolderImport {
  from: string;
  to: string;
  /** `folder/file.ts imports folder/file.js`, for the failure message. */
  line: string;
}

function folderImports(): FolderImport[] {
  const imports: FolderImport[] = [];
  for (const folder of foldersOnDisk()) {
    for (const file of filesUnder(join(SRC, folder))) {
      for (const specifier of relativeImports(readFileSync(file, 'utf8'))) {
        const target = relative(SRC, resolve(dirname(file), specifier)).split(sep);
        if (target[0] === '..') continue;
        const to = target.length === 1 ? ROOT : (target[0] ?? ROOT);
        if (to === folder) continue;
        const line = `${relative(SRC, file).split(sep).join('/')} imports ${target.join('/')}`;
        imports.push({ from: folder, to, line });
      }
    }
  }
  return imports;
}

function foldersOnDisk(): string[] {
  return readdirSync(SRC, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

function rank(folder: string): number {
  return folder === ROOT ? -1 : (FOLDERS_TOP_DOWN as readonly string[]).indexOf(folder);
}

describe('folder layers of the runner', () => {
  it('reads static, type-only, multi-line, re-exporting and dynamic imports', () => {
    const source = [
      "import { a } from './a.js';",
      "import type { B } from '../store/b.js';",
      'import {\n  c,\n  d,\n} from "../steps/c.js";',
      "export type * from './e.js';",
      "const f = await import('../leads/f.js');",
      "import { g } from '@outreach/domain';",
    ].join('\n');

    expect(relativeImports(source)).toEqual([
      './a.js',
      '../store/b.js',
      '../steps/c.js',
      './e.js',
      '../leads/f.js',
    ]);
  });

  it('places every folder of src/ in the order, and lists no folder that is gone', () => {
    expect([...FOLDERS_TOP_DOWN].sort()).toEqual(foldersOnDisk());
  });

  it('is the order the README lists in its layout', () => {
    const readme = readFileSync(join(SRC, '..', 'README.md'), 'utf8');
    const layout = readme.split('\n## Layout\n')[1]?.split('\n## ')[0] ?? '';
    const listed = [...layout.matchAll(/^\|[^|]*\| `([a-z-]+)\/` /gm)].map((match) => match[1]);

    expect(listed).toEqual([...FOLDERS_TOP_DOWN]);
  });

  it('finds the imports between folders it checks', () => {
    const edges = new Set(folderImports().map((edge) => `${edge.from} -> ${edge.to}`));

    expect(edges).toContain('runner -> leads');
    expect(edges).toContain('leads -> steps');
    expect(edges).toContain('steps -> step-run');
  });

  it('has no folder import a folder above it, or the process files at the root of src/', () => {
    const upward = folderImports()
      .filter((edge) => rank(edge.to) <= rank(edge.from))
      .map((edge) => edge.line);

    expect(upward).toEqual([]);
  });

  it('has no two folders import each other', () => {
    const imports = folderImports();
    const edges = new Set(imports.map((edge) => `${edge.from} -> ${edge.to}`));
    const mutual = imports.filter((edge) => edges.has(`${edge.to} -> ${edge.from}`)).map((edge) => edge.line);

    expect(mutual).toEqual([]);
  });
});
