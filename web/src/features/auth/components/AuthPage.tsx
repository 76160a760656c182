import { useEffect, useState } from 'react';
import { Music, Scissors, Sparkles, WifiOff } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { Logo } from '../../../components/brand/Logo';
import { Button } from '../../../components/ui/button';
import { dismissAllToasts } from '../../../components/ui/use-toast';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useOnlineStatus } from '../../../hooks/use-online-status';
import { CreateAccountForm } from './CreateAccountForm';
import { SignInForm } from './SignInForm';

type Mode = 'signin' | 'register';

const PITCH = [
  { icon: Sparkles, title: 'Finds the best moments', text: 'Action, sound and the people in the picture point to what matters.' },
  { icon: Scissors, title: 'Cuts the reel for you', text: 'Trim by hand or let the highlights assemble themselves.' },
  { icon: Music, title: 'Sets it to music', text: 'Pick a royalty-free track and export in the format you need.' },
];

/** Sign-in and create-account forms, toggled on one page. Shown to every signed-out visitor. */
export function AuthPage() {
  const [mode, setMode] = useState<Mode>('signin');
  const navigate = useNavigate();
  const isSignIn = mode === 'signin';
  const online = useOnlineStatus();
  useDocumentTitle(isSignIn ? 'Sign in' : 'Create account');
  // Toasts of the previous session (a video deleted, a reel started) stay with it.
  useEffect(() => dismissAllToasts(), []);

  return (
    <div className="flex min-h-full flex-col bg-background lg:grid lg:grid-cols-[minmax(0,1.05fr)_minmax(0,1fr)]">
      {/* Product pitch: a compact header on small screens, a full panel beside the form on large ones. */}
      <section
        aria-label="About Reelsmith"
        className="relative isolate overflow-hidden bg-sidebar px-6 pb-8 pt-7 text-white sm:px-10 lg:flex lg:flex-col lg:justify-between lg:px-14 lg:py-12"
      >
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -left-32 -top-40 -z-10 size-[560px] rounded-full bg-[radial-gradient(closest-side,rgb(255_102_0/0.28),transparent)]"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -bottom-56 right-[-180px] -z-10 hidden size-[520px] rounded-full bg-[radial-gradient(closest-side,rgb(255_138_43/0.14),transparent)] lg:block"
        />
        <Logo />
        <div className="mt-6 max-w-lg lg:mt-0">
          <p className="text-2xl font-semibold leading-tight tracking-tight sm:text-3xl lg:text-[40px] lg:leading-[1.1]">
            Turn long videos into <span className="text-brand">highlight reels.</span>
          </p>
          <p className="mt-3 text-[15px] leading-relaxed text-sidebar-foreground lg:mt-5 lg:text-base">
            Upload a game, a wedding, a conference or a trip. Reelsmith picks the moments worth keeping and turns them into a reel you can share.
          </p>
          <ul className="mt-10 hidden gap-6 lg:grid">
            {PITCH.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-white/[0.06] text-brand ring-1 ring-white/10">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span>
                  <span className="block text-[15px] font-medium text-white">{title}</span>
                  <span className="mt-0.5 block text-sm text-sidebar-foreground">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <p className="hidden text-xs text-sidebar-muted lg:block">Made for creators of sport, weddings, events and travel.</p>
      </section>

      <main className="flex flex-1 items-start justify-center px-4 py-8 sm:items-center sm:px-6 sm:py-12">
        <div className="w-full max-w-[400px]">
          {!online && (
            <p role="status" className="mb-4 flex items-center gap-2.5 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
              <WifiOff className="size-4 shrink-0" aria-hidden="true" />
              You are offline. Reconnect to the internet to continue.
            </p>
          )}
          <div className="rounded-2xl border border-border bg-card p-6 shadow-[0_1px_2px_rgb(15_17_21/0.04),0_8px_24px_-8px_rgb(15_17_21/0.08)] sm:p-8">
            <div className="mb-7">
              <h1 id="auth-title" className="text-[22px] font-semibold tracking-tight">
                {isSignIn ? 'Welcome back' : 'Create your account'}
              </h1>
              <p className="mt-1.5 text-sm text-muted-foreground">
                {isSignIn ? 'Sign in with your username and password.' : 'Choose a username and password to get started.'}
              </p>
            </div>
            {isSignIn ? <SignInForm key="signin" /> : <CreateAccountForm key="register" onRegistered={() => navigate('/', { replace: true })} />}
          </div>
          <p className="mt-6 text-center text-sm text-muted-foreground">
            {isSignIn ? 'New to Reelsmith?' : 'Already have an account?'}{' '}
            <Button variant="link" className="font-semibold" data-testid="auth-mode-toggle" onClick={() => setMode(isSignIn ? 'register' : 'signin')}>
              {isSignIn ? 'Create account' : 'Sign in'}
            </Button>
          </p>
        </div>
      </main>
    </div>
  );
}
