import { useEffect, useState } from 'react';
import { ArrowDown, WifiOff } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { Logo } from '../../../components/brand/Logo';
import { Button } from '../../../components/ui/button';
import { dismissAllToasts } from '../../../components/ui/use-toast';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useOnlineStatus } from '../../../hooks/use-online-status';
import { useIdle } from '../../../hooks/use-idle';
import { FaqSection, PLANS, priceLabel } from '../../billing';
import { CreateAccountForm } from './CreateAccountForm';
import { Showcase } from './Showcase';
import { SignInForm } from './SignInForm';

type Mode = 'signin' | 'register';

/**
 * Sign-in and create-account forms, toggled on one page. Shown to every signed-out visitor, so it
 * also says what Reelsmith is: the pitch, a sample reel, the two plans and the FAQ. On large screens
 * the pitch, reel and plans fill a dark column beside the form; on small ones the form comes second.
 */
export function AuthPage() {
  const [mode, setMode] = useState<Mode>('signin');
  const navigate = useNavigate();
  const isSignIn = mode === 'signin';
  const online = useOnlineStatus();
  useDocumentTitle(isSignIn ? 'Sign in' : 'Create account');
  // The first paint is the pitch and the form; the showcase and the FAQ follow once the browser is
  // idle (below the form on a phone, and nothing above them moves when they appear).
  const later = useIdle();
  // Toasts of the previous session (a video deleted, a reel started) stay with it.
  useEffect(() => dismissAllToasts(), []);

  return (
    <div className="min-h-full bg-background">
      <div className="flex flex-col lg:grid lg:min-h-svh lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] lg:grid-rows-[auto_1fr]">
        {/* The dark column behind the pitch and the showcase on large screens, one surface for both. */}
        <div aria-hidden="true" className="pointer-events-none relative hidden overflow-hidden bg-sidebar lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:block">
          <div className="absolute -left-32 -top-40 size-[560px] rounded-full bg-[radial-gradient(closest-side,rgb(255_102_0/0.28),transparent)]" />
          <div className="absolute -bottom-56 right-[-180px] size-[520px] rounded-full bg-[radial-gradient(closest-side,rgb(255_138_43/0.14),transparent)]" />
        </div>
        <header className="relative isolate overflow-hidden bg-sidebar px-6 pb-7 pt-7 text-white sm:px-10 lg:col-start-1 lg:row-start-1 lg:bg-transparent lg:px-14 lg:pb-0 lg:pt-9">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -left-32 -top-40 -z-10 size-[560px] rounded-full bg-[radial-gradient(closest-side,rgb(255_102_0/0.28),transparent)] lg:hidden"
          />
          <Logo />
          <p
            className="mt-6 max-w-xl text-[28px] font-semibold leading-tight tracking-tight sm:text-4xl lg:mt-8 lg:text-[44px] lg:leading-[1.08]"
            data-testid="pitch"
          >
            Turn long videos into <span className="text-brand">highlight reels.</span>
          </p>
          <p className="mt-3 max-w-lg text-[15px] leading-relaxed text-sidebar-foreground">
            Upload a game, a wedding, a talk or a trip: Reelsmith finds the best moments and cuts them into a reel set to music.
          </p>
          <a
            href="#showcase"
            className="mt-4 inline-block rounded text-sm font-semibold text-brand underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring lg:hidden"
          >
            Plans from {priceLabel(PLANS[0], 'month')} ·{' '}
            <span className="whitespace-nowrap">
              sample reel <ArrowDown className="inline size-4 align-[-3px]" aria-hidden="true" />
            </span>
          </a>
        </header>

        <main className="flex flex-1 items-start justify-center px-4 py-8 sm:px-6 sm:py-12 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:items-center">
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

        {later && <Showcase />}
      </div>
      {later && <FaqSection id="faq" className="mx-auto max-w-3xl scroll-mt-6 px-4 py-12 sm:px-6" />}
    </div>
  );
}
