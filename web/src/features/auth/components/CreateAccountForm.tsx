import { useState, type FormEvent } from 'react';
import { Loader2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { PASSWORD_MIN_LENGTH } from '../../../config/constants';
import { useRegister } from '../api/use-register';
import { registerSchema, validate, type FieldErrors, type RegisterInput } from '../schemas';
import { FormField } from './FormField';

export function CreateAccountForm({ defaultUsername = '', onRegistered }: { defaultUsername?: string; onRegistered?: () => void }) {
  const [values, setValues] = useState<RegisterInput>({ username: defaultUsername, password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors<RegisterInput>>({});
  const [submitted, setSubmitted] = useState(false);
  const register = useRegister({ onSuccess: onRegistered });
  const busy = register.isPending;

  const update = (field: keyof RegisterInput, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(validate(registerSchema, next).errors ?? {});
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const result = validate(registerSchema, values);
    setErrors(result.errors ?? {});
    if (result.data) register.mutate({ username: result.data.username, password: result.data.password });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-labelledby="auth-title">
      <FormField
        id="register-username"
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
        id="register-password"
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={(e) => update('password', e.target.value)}
        error={errors.password}
        hint={`Use ${PASSWORD_MIN_LENGTH} or more characters.`}
        disabled={busy}
      />
      <FormField
        id="register-confirm-password"
        label="Confirm Password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={(e) => update('confirmPassword', e.target.value)}
        error={errors.confirmPassword}
        disabled={busy}
      />
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={busy}>
        {busy && <Loader2 className="animate-spin" aria-hidden="true" />}
        {busy ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
