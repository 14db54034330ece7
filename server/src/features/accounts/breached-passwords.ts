/**
 * Passwords that attackers try first (ASVS 6.2.4, NIST 800-63B 3.1.1.2): the 49,000 most common passwords of
 * public breach corpora, shipped with the server in @zxcvbn-ts/language-common (no network call). The spec's
 * three rules (length, letter cases, a number or symbol) pass `Password1` and `Passw0rd!`; this list does not.
 *
 * A password is refused when, in lower case, it is on the list, or when what is left after dropping the digits
 * and symbols at its end and undoing common letter substitutions (0→o, 1→i or l, 3→e, 4→a, 5→s, 7→t, @→a, $→s,
 * !→i) is one of the 10,000 most common: `Passw0rd!` → `password`, `Dragon2024` → `dragon`, `Sunsh1ne!!` → `sunshine`.
 */
import { dictionary } from '@zxcvbn-ts/language-common';
import { fieldError, type HttpError } from '../../http/errors.js';

export const BREACHED_PASSWORD_MESSAGE = 'This password is too common: it appears in lists of breached passwords. Please choose another one.';

const MOST_COMMON_BASES = 10_000;
/** Shorter bases (`abc`, `qwe`) are parts of too many good passwords to refuse. */
const MIN_BASE_LENGTH = 4;
const SUBSTITUTIONS: Record<string, string> = { '0': 'o', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's', '!': 'i' };
/** `1` stands for either letter. */
const ONE_AS = ['i', 'l'];

let lists: { all: Set<string>; commonBases: Set<string> } | undefined;

function breachLists() {
  if (!lists) {
    const passwords = dictionary['passwords-common'] as string[];
    lists = { all: new Set(passwords), commonBases: new Set(passwords.slice(0, MOST_COMMON_BASES)) };
  }
  return lists;
}

/** `Passw0rd!` → `password`: the words a guesser starts from. */
function baseWords(password: string): string[] {
  const withoutSuffix = password.toLowerCase().replace(/[^a-z]+$/u, (suffix, offset: number) => (offset === 0 ? suffix : ''));
  const substituted = [...withoutSuffix].map((char) => SUBSTITUTIONS[char] ?? char).join('');
  return ONE_AS.map((letter) => substituted.replaceAll('1', letter));
}

export function isBreachedPassword(password: string): boolean {
  const { all, commonBases } = breachLists();
  const lower = password.toLowerCase();
  if (all.has(lower)) return true;
  return baseWords(password).some((base) => base.length >= MIN_BASE_LENGTH && commonBases.has(base));
}

/** 422 on `field` for a breached password. */
export function breachedPasswordError(password: string, field = 'password'): HttpError | undefined {
  return isBreachedPassword(password) ? fieldError(field, BREACHED_PASSWORD_MESSAGE) : undefined;
}
