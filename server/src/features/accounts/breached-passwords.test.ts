import { describe, expect, it } from 'vitest';
import { isBreachedPassword } from './breached-passwords.js';

describe('breached passwords', () => {
  it('refuses the common passwords that pass the spec rules, with suffixes and letter substitutions', () => {
    for (const password of ['Password1', 'Passw0rd!', 'Qwerty123', 'Letmein!', 'Dragon2024', 'Sunsh1ne!!', 'P@ssword1', 'Football#7']) {
      expect(isBreachedPassword(password), password).toBe(true);
    }
  });

  it('accepts passwords that only contain a common word among other words', () => {
    for (const password of ['Correct-horse-1', 'Demo-pass-1', 'Another-pass-3', 'Tessera!Training-42', 'Blue7Kettle$Moon', 'Abc-12345-xyZ']) {
      expect(isBreachedPassword(password), password).toBe(false);
    }
  });
});
