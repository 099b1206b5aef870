import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * OWASP ASVS 5.0 section 6.2: at least 12 characters, at most 128 (so any passphrase fits), no
 * composition rules, and no password from a list of common or breached ones. Lengths count
 * Unicode code points, so an emoji or an accented letter is one character, as a person counts.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/** An identity word shorter than this is too likely to occur by chance inside a good password. */
const IDENTITY_MIN_LENGTH = 4;

export type PasswordRefusalCode =
  'password_too_short' | 'password_too_long' | 'password_common' | 'password_contains_identity';

export type PasswordCheck = { ok: true } | { ok: false; code: PasswordRefusalCode; message: string };

export interface PasswordIdentity {
  email?: string | undefined;
  name?: string | undefined;
}

let commonPasswords: Set<string> | undefined;

/**
 * zxcvbn-ts's ranked list of passwords seen in breaches, checked offline. The package decompresses
 * it on import; the Set is built on first use so that processes that never check a password (the
 * worker, the CLI) do not hold it.
 */
function commonPasswordSet(): Set<string> {
  commonPasswords ??= new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()));
  return commonPasswords;
}

/** How many entries the list has, for logs and tests. */
export function commonPasswordCount(): number {
  return commonPasswordSet().size;
}

function codePointLength(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** `aaaaaaaaaaaa` and the like: long enough, yet the first thing a guesser tries. */
function isOneCharacterRepeated(password: string): boolean {
  const [first] = password;
  if (first === undefined) return false;
  for (const char of password) if (char !== first) return false;
  return true;
}

/** The words a guesser who knows the account would try: the e-mail's local part, the name's parts. */
function identityWords({ email, name }: PasswordIdentity): string[] {
  const words: string[] = [];
  const at = email?.lastIndexOf('@') ?? -1;
  const localPart = email !== undefined && at > 0 ? email.slice(0, at) : email;
  if (localPart !== undefined) words.push(localPart);
  if (name !== undefined) words.push(name.trim(), ...name.split(/\s+/));
  return words
    .map((word) => word.toLowerCase())
    .filter((word) => codePointLength(word) >= IDENTITY_MIN_LENGTH);
}

function refuse(code: PasswordRefusalCode, message: string): PasswordCheck {
  return { ok: false, code, message };
}

/** Checks a new password (sign-up, change, reset) against the policy. The first failed rule wins. */
export function checkPassword(password: string, identity: PasswordIdentity = {}): PasswordCheck {
  const length = codePointLength(password);
  if (length < PASSWORD_MIN_LENGTH) {
    return refuse('password_too_short', `Choose a password of at least ${PASSWORD_MIN_LENGTH} characters.`);
  }
  if (length > PASSWORD_MAX_LENGTH) {
    return refuse('password_too_long', `Choose a password of at most ${PASSWORD_MAX_LENGTH} characters.`);
  }
  const lower = password.toLowerCase();
  if (isOneCharacterRepeated(password) || commonPasswordSet().has(lower)) {
    return refuse(
      'password_common',
      'This password is too common and is among those tried first by attackers; choose another, for example a few unrelated words.',
    );
  }
  if (identityWords(identity).some((word) => lower.includes(word))) {
    return refuse(
      'password_contains_identity',
      'Choose a password that does not contain your e-mail address or your name.',
    );
  }
  return { ok: true };
}
