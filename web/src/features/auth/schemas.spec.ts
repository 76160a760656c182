import { loginSchema, registerSchema, validate } from './schemas';

describe('loginSchema', () => {
  it('accepts a 3-character username and a 6-character password', () => {
    expect(validate(loginSchema, { username: 'abc', password: '123456' })).toEqual({
      data: { username: 'abc', password: '123456' },
      errors: null,
    });
  });

  it('rejects a username shorter than 3 characters', () => {
    expect(validate(loginSchema, { username: 'ab', password: '123456' }).errors).toEqual({
      username: 'Username must be at least 3 characters',
    });
  });

  it('rejects a password shorter than 6 characters', () => {
    expect(validate(loginSchema, { username: 'alice', password: '12345' }).errors).toEqual({
      password: 'Password must be at least 6 characters',
    });
  });

  it('reports both fields at once', () => {
    expect(validate(loginSchema, { username: '', password: '' }).errors).toEqual({
      username: 'Username must be at least 3 characters',
      password: 'Password must be at least 6 characters',
    });
  });
});

describe('registerSchema', () => {
  const valid = { username: 'alice', password: 'secret1', confirmPassword: 'secret1' };

  it('accepts matching passwords', () => {
    expect(validate(registerSchema, valid).errors).toBeNull();
  });

  it('puts "Passwords don\'t match" on confirmPassword', () => {
    expect(validate(registerSchema, { ...valid, confirmPassword: 'secret2' }).errors).toEqual({
      confirmPassword: "Passwords don't match",
    });
  });

  it('keeps the length rules of sign-in', () => {
    expect(validate(registerSchema, { username: 'al', password: 'abc', confirmPassword: 'abc' }).errors).toEqual({
      username: 'Username must be at least 3 characters',
      password: 'Password must be at least 6 characters',
    });
  });

  it('reports the mismatch together with a too-short username', () => {
    expect(validate(registerSchema, { ...valid, username: 'al', confirmPassword: 'other12' }).errors).toEqual({
      username: 'Username must be at least 3 characters',
      confirmPassword: "Passwords don't match",
    });
  });
});
