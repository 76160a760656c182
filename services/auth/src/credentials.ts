import { type FieldViolation, normalizeUsername } from '@reelsmith/kit';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '@reelsmith/proto/http';

export interface Credentials {
  username: string;
  password: string;
}

/** The sign-up rules (username of at least 3 characters, password of at least 6) plus upper bounds; every broken rule is reported. */
export function credentialViolations({ username, password }: Credentials): FieldViolation[] {
  const violations: FieldViolation[] = [];
  if (username.length < USERNAME_MIN) {
    violations.push({ field: 'username', message: `Username must be at least ${USERNAME_MIN} characters` });
  } else if (username.length > USERNAME_MAX) {
    violations.push({ field: 'username', message: `Username must be at most ${USERNAME_MAX} characters` });
  } else if (normalizeUsername(username).length > USERNAME_MAX) {
    // What is stored and compared is the normalised spelling, and 'ﬃ' or 'İ' grow in it.
    violations.push({ field: 'username', message: `Username must be at most ${USERNAME_MAX} characters once ligatures and special letters are spelled out` });
  } else if (!/^[\p{L}\p{N}._-]+$/u.test(username)) {
    violations.push({ field: 'username', message: 'Username may contain only letters, numbers, dots, dashes and underscores' });
  }
  if (password.length < PASSWORD_MIN) {
    violations.push({ field: 'password', message: `Password must be at least ${PASSWORD_MIN} characters` });
  } else if (password.length > PASSWORD_MAX) {
    violations.push({ field: 'password', message: `Password must be at most ${PASSWORD_MAX} characters` });
  }
  return violations;
}
