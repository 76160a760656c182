import { useState, type FormEvent } from 'react';
import { Loader2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useLogin } from '../api/use-login';
import { loginSchema, validate, type FieldErrors, type LoginInput } from '../schemas';
import { FormField } from './FormField';

export function SignInForm({ defaultUsername = '' }: { defaultUsername?: string }) {
  const [values, setValues] = useState<LoginInput>({ username: defaultUsername, password: '' });
  const [errors, setErrors] = useState<FieldErrors<LoginInput>>({});
  const [submitted, setSubmitted] = useState(false);
  const login = useLogin();
  const busy = login.isPending || login.isSuccess;

  const update = (field: keyof LoginInput, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(validate(loginSchema, next).errors ?? {});
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const result = validate(loginSchema, values);
    setErrors(result.errors ?? {});
    if (result.data) login.mutate(result.data);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-labelledby="auth-title">
      <FormField
        id="signin-username"
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={values.username}
        onChange={(e) => update('username', e.target.value)}
        error={errors.username}
        disabled={busy}
        autoFocus
      />
      <FormField
        id="signin-password"
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        onChange={(e) => update('password', e.target.value)}
        error={errors.password}
        disabled={busy}
      />
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={busy}>
        {busy && <Loader2 className="animate-spin" aria-hidden="true" />}
        {busy ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
