import type { CredentialsInput } from '@reelsmith/proto/http';
import { PASSWORD_MIN_LENGTH, USERNAME_MIN_LENGTH } from '../../config/constants';

/**
 * Client-side validation of the auth forms. Written out by hand rather than with a
 * schema library: these are the only forms of the first screen, and its JavaScript is kept small.
 */

export type LoginInput = CredentialsInput;
export type RegisterInput = LoginInput & { confirmPassword: string };
export type FieldErrors<T> = Partial<Record<keyof T, string>>;

type Issue<T> = { field: keyof T; message: string };
export type Schema<T> = { check(values: Record<string, unknown>): Issue<T>[]; pick(values: Record<string, unknown>): T };

const typeName = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

function text<T>(values: Record<string, unknown>, field: keyof T & string, min: number, message: string): Issue<T>[] {
  const value = values[field];
  if (typeof value !== 'string') return [{ field, message: value === undefined ? 'Required' : `Expected string, received ${typeName(value)}` }];
  return value.length < min ? [{ field, message }] : [];
}

export const loginSchema: Schema<LoginInput> = {
  check: (values) => [
    ...text<LoginInput>(values, 'username', USERNAME_MIN_LENGTH, `Username must be at least ${USERNAME_MIN_LENGTH} characters`),
    ...text<LoginInput>(values, 'password', PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`),
  ],
  pick: (values) => ({ username: values.username as string, password: values.password as string }),
};

export const registerSchema: Schema<RegisterInput> = {
  check: (values) => {
    const issues: Issue<RegisterInput>[] = [...loginSchema.check(values), ...text<RegisterInput>(values, 'confirmPassword', 0, '')];
    // As before: the mismatch is reported once the fields themselves are strings.
    if (!issues.some((i) => i.message.startsWith('Expected') || i.message === 'Required') && values.password !== values.confirmPassword) {
      issues.push({ field: 'confirmPassword', message: "Passwords don't match" });
    }
    return issues;
  },
  pick: (values) => ({ ...loginSchema.pick(values), confirmPassword: values.confirmPassword as string }),
};

/** First message per field, or null when the values are valid. */
export function validate<T>(schema: Schema<T>, values: unknown): { data: T; errors: null } | { data: null; errors: FieldErrors<T> } {
  const record = values && typeof values === 'object' ? (values as Record<string, unknown>) : {};
  const issues = schema.check(record);
  if (!issues.length) return { data: schema.pick(record), errors: null };
  const errors: FieldErrors<T> = {};
  for (const { field, message } of issues) if (errors[field] === undefined) errors[field] = message;
  return { data: null, errors };
}
