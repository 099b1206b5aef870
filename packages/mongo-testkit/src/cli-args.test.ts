import { describe, expect, it } from 'vitest';
import { parseCliArgs } from './cli-args.js';

describe('parseCliArgs', () => {
  it('defaults to port 27017 and the automatic backend choice', () => {
    expect(parseCliArgs([])).toEqual({ port: 27017, backend: undefined, dataDir: undefined, help: false });
  });

  it('reads --port and --backend', () => {
    expect(parseCliArgs(['--port', '27999', '--backend', 'emulator'])).toEqual({
      port: 27999,
      backend: 'emulator',
      dataDir: undefined,
      help: false,
    });
    expect(parseCliArgs(['--port=0']).port).toBe(0);
  });

  it('reads --data-dir, the directory that keeps the data across restarts', () => {
    expect(parseCliArgs(['--data-dir', '.outreach/db']).dataDir).toBe('.outreach/db');
    expect(() => parseCliArgs(['--data-dir='])).toThrow(/--data-dir/);
  });

  it('rejects bad ports, unknown backends and unknown flags', () => {
    expect(() => parseCliArgs(['--port', 'abc'])).toThrow(/--port/);
    expect(() => parseCliArgs(['--port', '70000'])).toThrow(/--port/);
    expect(() => parseCliArgs(['--backend', 'sqlite'])).toThrow(/--backend/);
    expect(() => parseCliArgs(['--verbose'])).toThrow();
  });
});
