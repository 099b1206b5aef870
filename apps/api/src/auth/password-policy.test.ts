import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import {
  checkPassword,
  commonPasswordCount,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './password-policy.js';

const onList = new Set(dictionary['passwords-common']);

describe('checkPassword', () => {
  it('refuses 11 characters and accepts 12', () => {
    expect(checkPassword('tulip-violet')).toEqual({ ok: true });
    expect(checkPassword('tulip-viole')).toMatchObject({ ok: false, code: 'password_too_short' });
    expect(PASSWORD_MIN_LENGTH).toBe(12);
  });

  it('accepts 128 characters and refuses 129', () => {
    const long = 'river stone lamp '.repeat(8).slice(0, 128);
    expect(checkPassword(long)).toEqual({ ok: true });
    expect(checkPassword(`${long}x`)).toMatchObject({ ok: false, code: 'password_too_long' });
    expect(PASSWORD_MAX_LENGTH).toBe(128);
  });

  it('counts code points, so an emoji is one character, not two UTF-16 units', () => {
    const elevenWithEmoji = 'maple-tre-🌳';
    expect(elevenWithEmoji).toHaveLength(12);
    expect(checkPassword(elevenWithEmoji)).toMatchObject({ ok: false, code: 'password_too_short' });
    expect(checkPassword('maple-tree-🌳')).toEqual({ ok: true });
    expect(checkPassword('🌳'.repeat(128))).toMatchObject({ code: 'password_common' });
    expect(checkPassword('🌳'.repeat(129))).toMatchObject({ code: 'password_too_long' });
  });

  it('says what to do in plain English', () => {
    expect(checkPassword('short')).toEqual({
      ok: false,
      code: 'password_too_short',
      message: 'Choose a password of at least 12 characters.',
    });
  });

  it('refuses passwords on the breached list, whatever their case', () => {
    for (const password of ['password1234', '1q2w3e4r5t6y', 'qwertyuiop123', '123456789012']) {
      expect(onList.has(password)).toBe(true);
      expect(checkPassword(password)).toMatchObject({ ok: false, code: 'password_common' });
    }
    expect(checkPassword('PassWord1234')).toMatchObject({ ok: false, code: 'password_common' });
    expect(commonPasswordCount()).toBeGreaterThan(40_000);
  });

  it('refuses one character repeated', () => {
    expect(onList.has('zzzzzzzzzzzzzz')).toBe(false);
    expect(checkPassword('zzzzzzzzzzzzzz')).toMatchObject({ ok: false, code: 'password_common' });
  });

  it('accepts a long random passphrase with no composition rule', () => {
    expect(checkPassword('gravel orbit pancake whistle')).toEqual({ ok: true });
    expect(checkPassword('ngP4!x9z$Lq2vR')).toEqual({ ok: true });
  });

  it("refuses a password equal to or containing the e-mail's local part of 4 or more characters", () => {
    const email = 'Ada.Lovelace@example.com';
    expect(checkPassword('ada.lovelace', { email })).toMatchObject({ code: 'password_contains_identity' });
    expect(checkPassword('my ADA.LOVELACE pass', { email })).toMatchObject({
      code: 'password_contains_identity',
    });
    expect(checkPassword('gravel orbit pancake', { email })).toEqual({ ok: true });
    // A 3-character local part occurs by chance too often to refuse on.
    expect(checkPassword('bob gravel orbit', { email: 'bob@example.com' })).toEqual({ ok: true });
    expect(checkPassword('robert gravel orbit', { email: 'robert@example.com' })).toMatchObject({
      code: 'password_contains_identity',
    });
  });

  it("refuses a password containing the account's name or one of its words of 4 or more characters", () => {
    expect(checkPassword('lovelace gravel orbit', { name: 'Ada Lovelace' })).toMatchObject({
      code: 'password_contains_identity',
    });
    expect(checkPassword('ada gravel orbit pancake', { name: 'Ada Lovelace' })).toEqual({ ok: true });
  });
});
