import { describe, expect, it } from 'vitest';
import { browserName } from './browser-name.js';

describe('browserName', () => {
  it('names the browser and the system', () => {
    expect(
      browserName(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome on Linux');
    expect(browserName('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) Gecko/20100101 Firefox/128.0')).toBe(
      'Firefox on macOS',
    );
    expect(browserName('curl/8.5.0')).toBe('curl');
    expect(browserName(null)).toBe('Unknown');
  });
});
